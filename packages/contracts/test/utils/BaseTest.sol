// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {ArtworkNFT} from "../../contracts/ArtworkNFT.sol";
import {AvatarNFT} from "../../contracts/AvatarNFT.sol";
import {Marketplace} from "../../contracts/Marketplace.sol";
import {ReputationRegistry} from "../../contracts/ReputationRegistry.sol";
import {ValidationRegistry} from "../../contracts/ValidationRegistry.sol";
import {IAvatarNFT} from "../../contracts/interfaces/IAvatarNFT.sol";

/// @dev Deploys and wires the five contracts the way `src/deploy.ts` does.
abstract contract BaseTest is Test {
    uint96 internal constant ROYALTY_BPS = 500; // 5%
    uint16 internal constant FEE_BPS = 250; // 2.5%
    string internal constant BASE_URI = "https://app.test/api/nft/avatars/";
    uint48 internal constant ADMIN_DELAY = 2 days;

    address internal admin = makeAddr("admin");
    address internal minter;
    uint256 internal minterKey;
    address internal verifier = makeAddr("verifier");
    address internal operator = makeAddr("operator");
    address internal feeRecipient = makeAddr("feeRecipient");
    address internal treasury = makeAddr("treasury");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");
    address internal stranger = makeAddr("stranger");

    AvatarNFT internal avatar;
    ReputationRegistry internal reputation;
    ValidationRegistry internal validation;
    Marketplace internal market;
    ArtworkNFT internal artwork;

    function setUp() public virtual {
        (minter, minterKey) = makeAddrAndKey("minter");
        avatar = new AvatarNFT(admin, ADMIN_DELAY, treasury, BASE_URI, ROYALTY_BPS);
        reputation = new ReputationRegistry(address(avatar));
        validation = new ValidationRegistry(admin, ADMIN_DELAY, address(avatar));
        market = new Marketplace(admin, ADMIN_DELAY, address(avatar), feeRecipient, FEE_BPS);
        artwork = new ArtworkNFT(admin, ADMIN_DELAY, address(avatar), ROYALTY_BPS);

        vm.startPrank(admin);
        avatar.grantRole(avatar.MINTER_ROLE(), minter);
        avatar.grantRole(avatar.VERIFIER_ROLE(), verifier);
        avatar.setValidationRegistry(address(validation));
        avatar.grantRole(avatar.MINTER_ROLE(), address(market));
        avatar.grantRole(avatar.VERIFIER_ROLE(), address(market));
        validation.grantRole(validation.REQUESTER_ROLE(), verifier);
        market.grantRole(market.OPERATOR_ROLE(), operator);
        artwork.grantRole(artwork.MINTER_ROLE(), minter);
        vm.stopPrank();
    }

    uint256 private _keyCount;

    /// @dev A fresh, non-zero mint key (idempotency key) per call.
    function _k() internal returns (bytes32) {
        return keccak256(abi.encode("mint-key", ++_keyCount));
    }

    function _mint(address to, uint256 avatarId, uint16 maxEditions) internal returns (uint256 tokenId) {
        vm.prank(minter);
        tokenId = avatar.mint(to, avatarId, IAvatarNFT.AgentType.HACKER, maxEditions, "", _k());
    }

    /// @dev The platform path: the verifier requests validation of a task, answers `response`, awards XP.
    function _award(uint256 tokenId, uint256 xp, uint8 response) internal returns (bytes32 requestHash) {
        requestHash = keccak256(abi.encode("task", tokenId, ++_keyCount));
        vm.startPrank(verifier);
        validation.validationRequest(verifier, tokenId, "https://app.test/api/validation/requests/x", requestHash);
        validation.validationResponse(requestHash, response, "https://app.test/evidence", bytes32(0), "task");
        avatar.awardExperience(requestHash, xp);
        vm.stopPrank();
    }

    function _voucher(address to, uint256 avatarId, uint16 maxEditions, uint256 price, uint256 nonce)
        internal
        view
        returns (IAvatarNFT.MintVoucher memory)
    {
        return IAvatarNFT.MintVoucher({
            to: to,
            avatarId: avatarId,
            agentType: IAvatarNFT.AgentType.CREATOR,
            maxEditions: maxEditions,
            price: price,
            nonce: nonce,
            deadline: block.timestamp + 1 hours,
            uri: ""
        });
    }

    function _sign(uint256 key, IAvatarNFT.MintVoucher memory voucher) internal view returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, avatar.hashVoucher(voucher));
        return abi.encodePacked(r, s, v);
    }
}

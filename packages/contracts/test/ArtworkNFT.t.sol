// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControlDefaultAdminRules} from "@openzeppelin/contracts/access/extensions/IAccessControlDefaultAdminRules.sol";
import {StdInvariant} from "forge-std/StdInvariant.sol";
import {Test} from "forge-std/Test.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {IERC165} from "@openzeppelin/contracts/interfaces/IERC165.sol";
import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";
import {IERC721} from "@openzeppelin/contracts/interfaces/IERC721.sol";
import {IERC721Metadata} from "@openzeppelin/contracts/interfaces/IERC721Metadata.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {ArtworkNFT} from "../contracts/ArtworkNFT.sol";
import {IArtworkNFT} from "../contracts/interfaces/IArtworkNFT.sol";
import {PlainContract} from "./utils/Actors.sol";
import {BaseTest} from "./utils/BaseTest.sol";

contract ArtworkNFTTest is BaseTest {
    string internal constant IMAGE = "https://app.test/api/assets/art-1.png";
    uint256 internal creatorToken;

    function setUp() public override {
        super.setUp();
        creatorToken = _mint(alice, 19, 1);
    }

    function _mintArt() internal returns (uint256) {
        vm.prank(minter);
        return artwork.mint(alice, creatorToken, alice, IMAGE, _k());
    }

    // ------------------------------------------------------------------ constructor

    function test_constructor_setsConfig() public view {
        assertTrue(artwork.hasRole(artwork.DEFAULT_ADMIN_ROLE(), admin));
        assertEq(artwork.avatarNFT(), address(avatar));
        assertEq(artwork.royaltyBps(), ROYALTY_BPS);
        assertEq(artwork.name(), "Neural Avatar Artwork");
    }

    function test_constructor_revertsOnZeroAddress() public {
        vm.expectRevert(abi.encodeWithSelector(IAccessControlDefaultAdminRules.AccessControlInvalidDefaultAdmin.selector, address(0)));
        new ArtworkNFT(address(0), ADMIN_DELAY, address(avatar), 0);
        vm.expectRevert(IArtworkNFT.ArtworkZeroAddress.selector);
        new ArtworkNFT(admin, ADMIN_DELAY, address(0), 0);
    }

    function test_constructor_revertsOnRoyaltyTooHigh() public {
        vm.expectRevert(abi.encodeWithSelector(IArtworkNFT.ArtworkRoyaltyTooHigh.selector, 1001, 1000));
        new ArtworkNFT(admin, ADMIN_DELAY, address(avatar), 1001);
    }

    // ------------------------------------------------------------------ mint

    function test_mint_recordsCreatorAndRoyalty() public {
        vm.expectEmit(address(artwork));
        emit IERC721.Transfer(address(0), bob, 1);
        vm.expectEmit(address(artwork));
        emit IArtworkNFT.ArtworkMinted(1, creatorToken, bob, alice, IMAGE);
        vm.prank(minter);
        uint256 tokenId = artwork.mint(bob, creatorToken, alice, IMAGE, _k());

        assertEq(tokenId, 1);
        assertEq(artwork.ownerOf(tokenId), bob);
        assertEq(artwork.totalMinted(), 1);
        IArtworkNFT.Artwork memory art = artwork.artworkOf(tokenId);
        assertEq(art.creatorTokenId, creatorToken);
        assertEq(art.royaltyReceiver, alice);
        assertEq(art.imageURI, IMAGE);
        (address receiver, uint256 amount) = artwork.royaltyInfo(tokenId, 1 ether);
        assertEq(receiver, alice);
        assertEq(amount, 0.05 ether);
    }

    function test_mint_revertsForNonMinter() public {
        bytes32 role = artwork.MINTER_ROLE();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, alice, role));
        artwork.mint(alice, creatorToken, alice, IMAGE, _k());
    }

    function test_mint_revertsOnZeroRoyaltyReceiver() public {
        vm.prank(minter);
        vm.expectRevert(IArtworkNFT.ArtworkZeroAddress.selector);
        artwork.mint(alice, creatorToken, address(0), IMAGE, _k());
    }

    function test_mint_revertsOnEmptyImage() public {
        vm.prank(minter);
        vm.expectRevert(IArtworkNFT.ArtworkEmptyImageURI.selector);
        artwork.mint(alice, creatorToken, alice, "", _k());
    }

    function test_mint_revertsForUnknownCreator() public {
        vm.prank(minter);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 404));
        artwork.mint(alice, 404, alice, IMAGE, _k());
    }

    function test_mint_revertsForContractWithoutReceiver() public {
        address plain = address(new PlainContract());
        vm.prank(minter);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721InvalidReceiver.selector, plain));
        artwork.mint(plain, creatorToken, alice, IMAGE, _k());
    }

    function test_mint_revertsOnZeroRecipient() public {
        vm.prank(minter);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721InvalidReceiver.selector, address(0)));
        artwork.mint(address(0), creatorToken, alice, IMAGE, _k());
    }

    // ------------------------------------------------------------------ tokenURI

    function test_tokenURI_isOnChainJson() public {
        uint256 tokenId = _mintArt();
        string memory expectedJson = string.concat(
            '{"name":"Artwork #1","description":"Made by avatar #1","image":"',
            IMAGE,
            '","creatorAvatarTokenId":1,"attributes":[{"trait_type":"Creator avatar","value":1}]}'
        );
        assertEq(
            artwork.tokenURI(tokenId),
            string.concat("data:application/json;base64,", Base64.encode(bytes(expectedJson)))
        );
    }

    function test_tokenURI_escapesImageURI() public {
        vm.prank(minter);
        uint256 tokenId = artwork.mint(alice, creatorToken, alice, 'x"y', _k());
        string memory json = string.concat(
            '{"name":"Artwork #1","description":"Made by avatar #1","image":"x\\"y",',
            '"creatorAvatarTokenId":1,"attributes":[{"trait_type":"Creator avatar","value":1}]}'
        );
        assertEq(artwork.tokenURI(tokenId), string.concat("data:application/json;base64,", Base64.encode(bytes(json))));
    }

    function test_tokenURI_revertsForUnknownToken() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 1));
        artwork.tokenURI(1);
    }

    function test_artworkOf_revertsForUnknownToken() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 1));
        artwork.artworkOf(1);
    }

    function test_royaltyInfo_revertsForUnknownToken() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 1));
        artwork.royaltyInfo(1, 1 ether);
    }

    // ------------------------------------------------------------------ admin

    function test_setRoyaltyBps_updatesRoyalty() public {
        uint256 tokenId = _mintArt();
        vm.expectEmit(address(artwork));
        emit IArtworkNFT.RoyaltyUpdated(1000);
        vm.prank(admin);
        artwork.setRoyaltyBps(1000);
        (, uint256 amount) = artwork.royaltyInfo(tokenId, 1 ether);
        assertEq(amount, 0.1 ether);
    }

    function test_setRoyaltyBps_revertsAboveCap() public {
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IArtworkNFT.ArtworkRoyaltyTooHigh.selector, 1001, 1000));
        artwork.setRoyaltyBps(1001);
    }

    function test_setRoyaltyBps_revertsForNonAdmin() public {
        vm.prank(minter);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        artwork.setRoyaltyBps(0);
    }

    function test_supportsInterface_declaresStandards() public view {
        assertTrue(artwork.supportsInterface(type(IERC721).interfaceId));
        assertTrue(artwork.supportsInterface(type(IERC721Metadata).interfaceId));
        assertTrue(artwork.supportsInterface(type(IERC2981).interfaceId));
        assertTrue(artwork.supportsInterface(type(IERC165).interfaceId));
        assertTrue(artwork.supportsInterface(type(IAccessControl).interfaceId));
        assertFalse(artwork.supportsInterface(0xffffffff));
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_royaltyInfo_rate(uint96 bps, uint256 salePrice) public {
        bps = uint96(bound(bps, 0, 1000));
        salePrice = bound(salePrice, 0, 1e30);
        uint256 tokenId = _mintArt();
        vm.prank(admin);
        artwork.setRoyaltyBps(bps);
        (address receiver, uint256 amount) = artwork.royaltyInfo(tokenId, salePrice);
        assertEq(receiver, alice);
        assertEq(amount, salePrice * bps / 10_000);
    }

    function testFuzz_mint_onlyMinter(address caller) public {
        vm.assume(caller != minter);
        vm.prank(caller);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        artwork.mint(alice, creatorToken, alice, IMAGE, _k());
    }
}

/// @dev Mints artworks from the minter and from random callers.
contract ArtworkNFTHandler is Test {
    uint256 private _keyCount;

    function _k() internal returns (bytes32) {
        return keccak256(abi.encode("handler-key", ++_keyCount));
    }

    ArtworkNFT internal immutable artwork;
    address internal immutable minter;
    uint256 internal immutable creatorCount;
    uint256 public ghostMinted;
    uint256 public unauthorizedSuccesses;

    constructor(ArtworkNFT artwork_, address minter_, uint256 creatorCount_) {
        artwork = artwork_;
        minter = minter_;
        creatorCount = creatorCount_;
    }

    function mint(uint256 creatorSeed, address to) external {
        if (to == address(0) || to.code.length != 0) to = address(0xA11CE);
        // Creator ids past the last avatar are unknown and must be refused.
        uint256 creatorTokenId = creatorSeed % (creatorCount + 2);
        vm.prank(minter);
        try artwork.mint(to, creatorTokenId, to, "ipfs://art", _k()) {
            ++ghostMinted;
        } catch {}
    }

    function mintUnauthorized(address caller) external {
        if (caller == minter) return;
        vm.prank(caller);
        try artwork.mint(caller, 1, caller, "ipfs://rogue", _k()) {
            ++unauthorizedSuccesses;
        } catch {}
    }
}

contract ArtworkNFTInvariantTest is StdInvariant, BaseTest {
    ArtworkNFTHandler internal handler;
    uint256 internal constant CREATORS = 3;

    function setUp() public override {
        super.setUp();
        for (uint256 i = 1; i <= CREATORS; ++i) {
            _mint(alice, i, 1);
        }
        handler = new ArtworkNFTHandler(artwork, minter, CREATORS);
        targetContract(address(handler));
    }

    /// Only the minter mints, and every artwork names an existing avatar as its creator.
    function invariant_onlyMinterMintsWithRealCreators() public view {
        assertEq(handler.unauthorizedSuccesses(), 0);
        assertEq(artwork.totalMinted(), handler.ghostMinted());
        for (uint256 tokenId = 1; tokenId <= artwork.totalMinted(); ++tokenId) {
            uint256 creator = artwork.artworkOf(tokenId).creatorTokenId;
            assertGe(creator, 1);
            assertLe(creator, CREATORS);
        }
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {IAccessControlDefaultAdminRules} from "@openzeppelin/contracts/access/extensions/IAccessControlDefaultAdminRules.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {StdInvariant} from "forge-std/StdInvariant.sol";
import {Test} from "forge-std/Test.sol";
import {AvatarNFT} from "../contracts/AvatarNFT.sol";
import {ReputationRegistry} from "../contracts/ReputationRegistry.sol";
import {ValidationRegistry} from "../contracts/ValidationRegistry.sol";
import {IAgentIdentityRegistry} from "../contracts/interfaces/IAgentIdentityRegistry.sol";
import {IArtworkNFT} from "../contracts/interfaces/IArtworkNFT.sol";
import {IAvatarNFT} from "../contracts/interfaces/IAvatarNFT.sol";
import {IReputationRegistry} from "../contracts/interfaces/IReputationRegistry.sol";
import {IValidationRegistry} from "../contracts/interfaces/IValidationRegistry.sol";
import {BaseTest} from "./utils/BaseTest.sol";

/// @dev An ERC-1271 contract wallet that accepts exactly one digest.
contract Wallet1271 is IERC1271 {
    bytes32 public approved;

    function approve(bytes32 digest) external {
        approved = digest;
    }

    function isValidSignature(bytes32 digest, bytes memory) external view returns (bytes4) {
        return digest == approved ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }
}

/// @dev ERC-8004 identity (agent wallet), Reputation and Validation registries, roles and idempotency keys.
contract RegistriesTest is BaseTest {
    uint256 internal constant AVATAR_ID = 42;
    address internal wallet;
    uint256 internal walletKey;

    function setUp() public override {
        super.setUp();
        (wallet, walletKey) = makeAddrAndKey("agent-wallet");
    }

    function _walletSig(uint256 key, uint256 agentId, address newWallet, address owner, uint256 deadline)
        internal
        view
        returns (bytes memory)
    {
        bytes32 digest = _walletDigest(agentId, newWallet, owner, deadline);
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, s, v);
    }

    function _walletDigest(uint256 agentId, address newWallet, address owner, uint256 deadline)
        internal
        view
        returns (bytes32)
    {
        (, string memory name, string memory version, uint256 chainId, address verifying,,) = avatar.eip712Domain();
        bytes32 domain = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256(bytes(name)),
                keccak256(bytes(version)),
                chainId,
                verifying
            )
        );
        bytes32 structHash = keccak256(abi.encode(avatar.AGENT_WALLET_SET_TYPEHASH(), agentId, newWallet, owner, deadline));
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    // ------------------------------------------------------------------ identity: agent wallet

    function test_register_setsWalletToOwner() public {
        vm.expectEmit(address(avatar));
        emit IAgentIdentityRegistry.MetadataSet(1, "agentWallet", "agentWallet", abi.encodePacked(alice));
        vm.prank(alice);
        uint256 agentId = avatar.register();
        assertEq(avatar.getAgentWallet(agentId), alice);
        assertEq(avatar.getMetadata(agentId, "agentWallet"), abi.encodePacked(alice));
    }

    function test_setAgentWallet_withEoaSignature() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = _walletSig(walletKey, agentId, wallet, alice, deadline);
        vm.expectEmit(address(avatar));
        emit IAgentIdentityRegistry.MetadataSet(agentId, "agentWallet", "agentWallet", abi.encodePacked(wallet));
        vm.prank(alice);
        avatar.setAgentWallet(agentId, wallet, deadline, sig);
        assertEq(avatar.getAgentWallet(agentId), wallet);
    }

    function test_setAgentWallet_withErc1271Wallet() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        Wallet1271 contractWallet = new Wallet1271();
        uint256 deadline = block.timestamp + 60;
        contractWallet.approve(_walletDigest(agentId, address(contractWallet), alice, deadline));
        vm.prank(alice);
        avatar.setAgentWallet(agentId, address(contractWallet), deadline, "");
        assertEq(avatar.getAgentWallet(agentId), address(contractWallet));
    }

    function test_setAgentWallet_byApprovedOperator() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.prank(alice);
        avatar.setApprovalForAll(bob, true);
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = _walletSig(walletKey, agentId, wallet, alice, deadline);
        vm.prank(bob);
        avatar.setAgentWallet(agentId, wallet, deadline, sig);
        assertEq(avatar.getAgentWallet(agentId), wallet);
    }

    function test_setAgentWallet_revertsOnWrongSigner() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        uint256 deadline = block.timestamp + 60;
        (, uint256 otherKey) = makeAddrAndKey("other");
        bytes memory sig = _walletSig(otherKey, agentId, wallet, alice, deadline);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarWalletInvalidSignature.selector, wallet));
        avatar.setAgentWallet(agentId, wallet, deadline, sig);
    }

    function test_setAgentWallet_revertsWhenSignedForAnotherOwner() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = _walletSig(walletKey, agentId, wallet, bob, deadline);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarWalletInvalidSignature.selector, wallet));
        avatar.setAgentWallet(agentId, wallet, deadline, sig);
    }

    function test_setAgentWallet_revertsOnExpiredOrFarDeadline() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.warp(1000);
        uint256 past = block.timestamp - 1;
        uint256 far = block.timestamp + 5 minutes + 1;
        bytes memory pastSig = _walletSig(walletKey, agentId, wallet, alice, past);
        bytes memory farSig = _walletSig(walletKey, agentId, wallet, alice, far);
        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarWalletDeadline.selector, past, block.timestamp));
        avatar.setAgentWallet(agentId, wallet, past, pastSig);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarWalletDeadline.selector, far, block.timestamp));
        avatar.setAgentWallet(agentId, wallet, far, farSig);
        vm.stopPrank();
    }

    function test_setAgentWallet_revertsForNonOwnerAndZero() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        uint256 deadline = block.timestamp + 60;
        bytes memory sig = _walletSig(walletKey, agentId, wallet, alice, deadline);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarNotOwnerOrApproved.selector, agentId, stranger));
        avatar.setAgentWallet(agentId, wallet, deadline, sig);
        vm.prank(alice);
        vm.expectRevert(IAvatarNFT.AvatarZeroAddress.selector);
        avatar.setAgentWallet(agentId, address(0), deadline, sig);
    }

    function test_transfer_clearsAgentWallet() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        assertEq(avatar.getAgentWallet(agentId), alice);
        vm.expectEmit(address(avatar));
        emit IAgentIdentityRegistry.MetadataSet(agentId, "agentWallet", "agentWallet", "");
        vm.prank(alice);
        avatar.transferFrom(alice, bob, agentId);
        assertEq(avatar.getAgentWallet(agentId), address(0));
        assertEq(avatar.getMetadata(agentId, "agentWallet").length, 0);
    }

    function test_unsetAgentWallet_clearsIt() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarNotOwnerOrApproved.selector, agentId, stranger));
        avatar.unsetAgentWallet(agentId);
        vm.prank(alice);
        avatar.unsetAgentWallet(agentId);
        assertEq(avatar.getAgentWallet(agentId), address(0));
    }

    function test_getAgentWallet_revertsForUnknownAgent() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 9));
        avatar.getAgentWallet(9);
    }

    function test_metadata_reservedKeyRefused() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarReservedMetadataKey.selector, "agentWallet"));
        avatar.setMetadata(agentId, "agentWallet", abi.encodePacked(bob));
        IAgentIdentityRegistry.MetadataEntry[] memory entries = new IAgentIdentityRegistry.MetadataEntry[](1);
        entries[0] = IAgentIdentityRegistry.MetadataEntry("agentWallet", abi.encodePacked(bob));
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarReservedMetadataKey.selector, "agentWallet"));
        avatar.register("ipfs://x", entries);
    }

    function test_isAuthorizedOrOwner() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        assertTrue(avatar.isAuthorizedOrOwner(alice, agentId));
        assertFalse(avatar.isAuthorizedOrOwner(bob, agentId));
        vm.prank(alice);
        avatar.approve(bob, agentId);
        assertTrue(avatar.isAuthorizedOrOwner(bob, agentId));
    }

    function test_tokenURI_emptyForSelfRegisteredWithoutURI() public {
        vm.prank(alice);
        uint256 agentId = avatar.register();
        assertEq(avatar.tokenURI(agentId), "");
        uint256 appToken = _mint(alice, AVATAR_ID, 1);
        assertEq(avatar.tokenURI(appToken), string.concat(BASE_URI, vm.toString(appToken)));
    }

    function testFuzz_setAgentWallet_deadlineWindow(uint256 ahead) public {
        ahead = bound(ahead, 0, 1 hours);
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        uint256 deadline = block.timestamp + ahead;
        bytes memory sig = _walletSig(walletKey, agentId, wallet, alice, deadline);
        vm.prank(alice);
        if (ahead > 5 minutes) {
            vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarWalletDeadline.selector, deadline, block.timestamp));
        }
        avatar.setAgentWallet(agentId, wallet, deadline, sig);
    }

    // ------------------------------------------------------------------ reputation

    function test_reputation_identityRegistry() public view {
        assertEq(reputation.getIdentityRegistry(), address(avatar));
    }

    function test_reputation_constructorRevertsOnZero() public {
        vm.expectRevert(IReputationRegistry.ReputationZeroAddress.selector);
        new ReputationRegistry(address(0));
    }

    function test_giveFeedback_storesAndEmits() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.expectEmit(address(reputation));
        emit IReputationRegistry.NewFeedback(
            agentId, bob, 1, 87, 0, "starred", "starred", "chat", "https://app.test/a", "ipfs://f", bytes32("h")
        );
        vm.prank(bob);
        reputation.giveFeedback(agentId, 87, 0, "starred", "chat", "https://app.test/a", "ipfs://f", bytes32("h"));
        (int128 value, uint8 decimals, string memory tag1, string memory tag2, bool revoked) =
            reputation.readFeedback(agentId, bob, 1);
        assertEq(value, 87);
        assertEq(decimals, 0);
        assertEq(tag1, "starred");
        assertEq(tag2, "chat");
        assertFalse(revoked);
        assertEq(reputation.getLastIndex(agentId, bob), 1);
        assertEq(reputation.getClients(agentId).length, 1);
    }

    function test_giveFeedback_refusesOwnerApprovedAndOperator() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.startPrank(alice);
        avatar.approve(bob, agentId);
        avatar.setApprovalForAll(carol, true);
        vm.expectRevert(abi.encodeWithSelector(IReputationRegistry.ReputationSelfFeedback.selector, agentId, alice));
        reputation.giveFeedback(agentId, 100, 0, "", "", "", "", bytes32(0));
        vm.stopPrank();
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IReputationRegistry.ReputationSelfFeedback.selector, agentId, bob));
        reputation.giveFeedback(agentId, 100, 0, "", "", "", "", bytes32(0));
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(IReputationRegistry.ReputationSelfFeedback.selector, agentId, carol));
        reputation.giveFeedback(agentId, 100, 0, "", "", "", "", bytes32(0));
    }

    function test_giveFeedback_revertsOnBadInput() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.startPrank(bob);
        vm.expectRevert(abi.encodeWithSelector(IReputationRegistry.ReputationInvalidDecimals.selector, 19));
        reputation.giveFeedback(agentId, 1, 19, "", "", "", "", bytes32(0));
        int128 tooLarge = 1e38 + 1;
        vm.expectRevert(abi.encodeWithSelector(IReputationRegistry.ReputationValueTooLarge.selector, tooLarge));
        reputation.giveFeedback(agentId, tooLarge, 0, "", "", "", "", bytes32(0));
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 77));
        reputation.giveFeedback(77, 1, 0, "", "", "", "", bytes32(0));
        vm.stopPrank();
    }

    function test_revokeFeedback() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.startPrank(bob);
        reputation.giveFeedback(agentId, 40, 0, "starred", "", "", "", bytes32(0));
        vm.expectEmit(address(reputation));
        emit IReputationRegistry.FeedbackRevoked(agentId, bob, 1);
        reputation.revokeFeedback(agentId, 1);
        (,,,, bool revoked) = reputation.readFeedback(agentId, bob, 1);
        assertTrue(revoked);
        vm.expectRevert(abi.encodeWithSelector(IReputationRegistry.ReputationAlreadyRevoked.selector, agentId, 1));
        reputation.revokeFeedback(agentId, 1);
        vm.expectRevert(abi.encodeWithSelector(IReputationRegistry.ReputationUnknownFeedback.selector, agentId, bob, 0));
        reputation.revokeFeedback(agentId, 0);
        vm.expectRevert(abi.encodeWithSelector(IReputationRegistry.ReputationUnknownFeedback.selector, agentId, bob, 2));
        reputation.revokeFeedback(agentId, 2);
        vm.stopPrank();
        // Another client cannot revoke bob's feedback: its own list is empty.
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(IReputationRegistry.ReputationUnknownFeedback.selector, agentId, carol, 1));
        reputation.revokeFeedback(agentId, 1);
    }

    function test_appendResponse_andCount() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.prank(bob);
        reputation.giveFeedback(agentId, 40, 0, "", "", "", "", bytes32(0));
        vm.expectEmit(address(reputation));
        emit IReputationRegistry.ResponseAppended(agentId, bob, 1, alice, "ipfs://reply", bytes32("r"));
        vm.prank(alice);
        reputation.appendResponse(agentId, bob, 1, "ipfs://reply", bytes32("r"));
        vm.prank(alice);
        reputation.appendResponse(agentId, bob, 1, "ipfs://reply2", bytes32(0));
        vm.prank(carol);
        reputation.appendResponse(agentId, bob, 1, "ipfs://audit", bytes32(0));
        address[] memory none = new address[](0);
        address[] memory onlyAlice = new address[](1);
        onlyAlice[0] = alice;
        assertEq(reputation.getResponseCount(agentId, bob, 1, none), 3);
        assertEq(reputation.getResponseCount(agentId, bob, 1, onlyAlice), 2);
        assertEq(reputation.getResponseCount(agentId, address(0), 0, none), 3);
        assertEq(reputation.getResponseCount(agentId, bob, 0, onlyAlice), 2);
        vm.expectRevert(IReputationRegistry.ReputationEmptyURI.selector);
        reputation.appendResponse(agentId, bob, 1, "", bytes32(0));
        vm.expectRevert(abi.encodeWithSelector(IReputationRegistry.ReputationUnknownFeedback.selector, agentId, bob, 5));
        reputation.appendResponse(agentId, bob, 5, "x", bytes32(0));
    }

    function test_getSummary_overChosenClients() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.prank(bob);
        reputation.giveFeedback(agentId, 80, 0, "starred", "", "", "", bytes32(0));
        vm.prank(carol);
        reputation.giveFeedback(agentId, 60, 0, "starred", "", "", "", bytes32(0));
        vm.prank(stranger);
        reputation.giveFeedback(agentId, 0, 0, "starred", "", "", "", bytes32(0));
        vm.prank(carol);
        reputation.giveFeedback(agentId, 9950, 2, "uptime", "", "", "", bytes32(0));
        address[] memory verified = new address[](2);
        verified[0] = bob;
        verified[1] = carol;
        (uint64 count, int128 value, uint8 decimals) = reputation.getSummary(agentId, verified, "starred", "");
        assertEq(count, 2);
        assertEq(value, 70);
        assertEq(decimals, 0);
        (count, value, decimals) = reputation.getSummary(agentId, verified, "uptime", "");
        assertEq(count, 1);
        assertEq(value, 9950);
        assertEq(decimals, 2);
        vm.prank(bob);
        reputation.revokeFeedback(agentId, 1);
        (count, value,) = reputation.getSummary(agentId, verified, "starred", "");
        assertEq(count, 1);
        assertEq(value, 60);
        address[] memory none = new address[](0);
        vm.expectRevert(IReputationRegistry.ReputationClientsRequired.selector);
        reputation.getSummary(agentId, none, "", "");
        address[] memory nobody = new address[](1);
        nobody[0] = admin;
        (count, value, decimals) = reputation.getSummary(agentId, nobody, "", "");
        assertEq(count, 0);
    }

    function test_readAllFeedback_filters() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.startPrank(bob);
        reputation.giveFeedback(agentId, 1, 0, "a", "x", "", "", bytes32(0));
        reputation.giveFeedback(agentId, 2, 0, "b", "x", "", "", bytes32(0));
        reputation.revokeFeedback(agentId, 1);
        vm.stopPrank();
        vm.prank(carol);
        reputation.giveFeedback(agentId, 3, 1, "a", "y", "", "", bytes32(0));
        address[] memory all = new address[](0);
        (address[] memory clients, uint64[] memory indexes, int128[] memory values,,,, bool[] memory revoked) =
            reputation.readAllFeedback(agentId, all, "", "", true);
        assertEq(clients.length, 3);
        assertEq(indexes[1], 2);
        assertEq(values[2], 3);
        assertTrue(revoked[0]);
        (clients,,,,,,) = reputation.readAllFeedback(agentId, all, "a", "", false);
        assertEq(clients.length, 1);
        assertEq(clients[0], carol);
        (clients,,,,,,) = reputation.readAllFeedback(agentId, all, "", "x", false);
        assertEq(clients.length, 1);
        address[] memory onlyCarol = new address[](1);
        onlyCarol[0] = carol;
        (clients,,,,,,) = reputation.readAllFeedback(agentId, onlyCarol, "", "", true);
        assertEq(clients.length, 1);
    }

    function test_readFeedback_revertsForUnknownIndex() public {
        vm.expectRevert(abi.encodeWithSelector(IReputationRegistry.ReputationUnknownFeedback.selector, 1, bob, 1));
        reputation.readFeedback(1, bob, 1);
    }

    function testFuzz_getSummary_averageOfValues(int128 a, int128 b) public {
        a = int128(bound(a, -1e30, 1e30));
        b = int128(bound(b, -1e30, 1e30));
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.prank(bob);
        reputation.giveFeedback(agentId, a, 0, "", "", "", "", bytes32(0));
        vm.prank(carol);
        reputation.giveFeedback(agentId, b, 0, "", "", "", "", bytes32(0));
        address[] memory clients = new address[](2);
        clients[0] = bob;
        clients[1] = carol;
        (uint64 count, int128 value,) = reputation.getSummary(agentId, clients, "", "");
        assertEq(count, 2);
        assertEq(value, int128((int256(a) + int256(b)) / 2));
    }

    function testFuzz_giveFeedback_neverFromOwner(address client) public {
        vm.assume(client != address(0));
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.prank(client);
        if (client == alice) {
            vm.expectRevert(abi.encodeWithSelector(IReputationRegistry.ReputationSelfFeedback.selector, agentId, alice));
        }
        reputation.giveFeedback(agentId, 1, 0, "", "", "", "", bytes32(0));
    }

    // ------------------------------------------------------------------ validation

    function test_validation_identityRegistryAndConstructor() public {
        assertEq(validation.getIdentityRegistry(), address(avatar));
        vm.expectRevert(IValidationRegistry.ValidationZeroAddress.selector);
        new ValidationRegistry(admin, 0, address(0));
    }

    function test_validationRequest_byOwnerAndResponseByValidator() public {
        vm.prank(alice);
        uint256 agentId = avatar.register("ipfs://reg");
        bytes32 requestHash = keccak256("payload");
        vm.expectEmit(address(validation));
        emit IValidationRegistry.ValidationRequest(bob, agentId, "ipfs://req", requestHash);
        vm.prank(alice);
        validation.validationRequest(bob, agentId, "ipfs://req", requestHash);
        vm.expectEmit(address(validation));
        emit IValidationRegistry.ValidationResponse(bob, agentId, requestHash, 90, "ipfs://ev", bytes32("e"), "zk");
        vm.prank(bob);
        validation.validationResponse(requestHash, 90, "ipfs://ev", bytes32("e"), "zk");
        (address v, uint256 id, uint8 response, bytes32 responseHash, string memory tag, uint256 lastUpdate) =
            validation.getValidationStatus(requestHash);
        assertEq(v, bob);
        assertEq(id, agentId);
        assertEq(response, 90);
        assertEq(responseHash, bytes32("e"));
        assertEq(tag, "zk");
        assertEq(lastUpdate, block.timestamp);
        // Progressive validation: the validator may answer again.
        vm.prank(bob);
        validation.validationResponse(requestHash, 100, "", bytes32(0), "zk");
        (,, response,,,) = validation.getValidationStatus(requestHash);
        assertEq(response, 100);
        assertEq(validation.getAgentValidations(agentId).length, 1);
        assertEq(validation.getValidatorRequests(bob)[0], requestHash);
    }

    function test_validationRequest_reverts() public {
        vm.prank(alice);
        uint256 selfRegistered = avatar.register();
        uint256 appToken = _mint(alice, AVATAR_ID, 1);
        vm.startPrank(alice);
        vm.expectRevert(IValidationRegistry.ValidationZeroAddress.selector);
        validation.validationRequest(address(0), appToken, "", keccak256("a"));
        vm.expectRevert(IValidationRegistry.ValidationInvalidHash.selector);
        validation.validationRequest(bob, appToken, "", bytes32(0));
        validation.validationRequest(bob, appToken, "", keccak256("a"));
        vm.expectRevert(abi.encodeWithSelector(IValidationRegistry.ValidationRequestExists.selector, keccak256("a")));
        validation.validationRequest(bob, appToken, "", keccak256("a"));
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 99));
        validation.validationRequest(bob, 99, "", keccak256("b"));
        vm.stopPrank();
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(IValidationRegistry.ValidationNotAuthorized.selector, appToken, stranger));
        validation.validationRequest(bob, appToken, "", keccak256("c"));
        // The platform requester may ask for app avatars only, not for self-registered agents.
        vm.prank(verifier);
        vm.expectRevert(
            abi.encodeWithSelector(IValidationRegistry.ValidationNotAuthorized.selector, selfRegistered, verifier)
        );
        validation.validationRequest(verifier, selfRegistered, "", keccak256("d"));
        vm.prank(verifier);
        validation.validationRequest(verifier, appToken, "", keccak256("e"));
    }

    function test_validationResponse_reverts() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.expectRevert(abi.encodeWithSelector(IValidationRegistry.ValidationUnknownRequest.selector, keccak256("x")));
        validation.validationResponse(keccak256("x"), 1, "", bytes32(0), "");
        vm.prank(alice);
        validation.validationRequest(bob, agentId, "", keccak256("x"));
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(IValidationRegistry.ValidationNotValidator.selector, keccak256("x"), carol));
        validation.validationResponse(keccak256("x"), 1, "", bytes32(0), "");
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IValidationRegistry.ValidationInvalidResponse.selector, 101));
        validation.validationResponse(keccak256("x"), 101, "", bytes32(0), "");
        vm.expectRevert(abi.encodeWithSelector(IValidationRegistry.ValidationUnknownRequest.selector, keccak256("y")));
        validation.getValidationStatus(keccak256("y"));
    }

    function test_validation_getSummary() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.startPrank(alice);
        validation.validationRequest(bob, agentId, "", keccak256("1"));
        validation.validationRequest(carol, agentId, "", keccak256("2"));
        validation.validationRequest(bob, agentId, "", keccak256("3"));
        vm.stopPrank();
        vm.prank(bob);
        validation.validationResponse(keccak256("1"), 100, "", bytes32(0), "skill_learn");
        vm.prank(carol);
        validation.validationResponse(keccak256("2"), 50, "", bytes32(0), "team_join");
        address[] memory all = new address[](0);
        (uint64 count, uint8 average) = validation.getSummary(agentId, all, "");
        assertEq(count, 2); // the unanswered request does not count
        assertEq(average, 75);
        address[] memory onlyBob = new address[](1);
        onlyBob[0] = bob;
        (count, average) = validation.getSummary(agentId, onlyBob, "");
        assertEq(count, 1);
        assertEq(average, 100);
        (count, average) = validation.getSummary(agentId, all, "team_join");
        assertEq(count, 1);
        assertEq(average, 50);
        (count, average) = validation.getSummary(agentId + 1, all, "");
        assertEq(count, 0);
        assertEq(average, 0);
    }

    function testFuzz_validationResponse_range(uint8 response) public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        vm.prank(alice);
        validation.validationRequest(bob, agentId, "", keccak256("f"));
        vm.prank(bob);
        if (response > 100) {
            vm.expectRevert(abi.encodeWithSelector(IValidationRegistry.ValidationInvalidResponse.selector, response));
        }
        validation.validationResponse(keccak256("f"), response, "", bytes32(0), "");
    }

    // ------------------------------------------------------------------ idempotency keys and caps

    function test_mint_sameKeyMintsOnce() public {
        bytes32 key = keccak256("order-17");
        vm.startPrank(minter);
        uint256 tokenId = avatar.mint(alice, AVATAR_ID, IAvatarNFT.AgentType.HACKER, 3, "", key);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarMintKeyUsed.selector, key, tokenId));
        avatar.mint(alice, AVATAR_ID, IAvatarNFT.AgentType.HACKER, 3, "", key);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarMintKeyUsed.selector, bytes32(0), 0));
        avatar.mint(alice, AVATAR_ID, IAvatarNFT.AgentType.HACKER, 3, "", bytes32(0));
        vm.stopPrank();
        assertEq(avatar.tokenOfMintKey(key), tokenId);
        assertEq(avatar.seriesOf(AVATAR_ID).minted, 1);
    }

    function test_artworkMint_sameKeyMintsOnce() public {
        uint256 creator = _mint(alice, AVATAR_ID, 1);
        bytes32 key = keccak256("task-9");
        vm.startPrank(minter);
        uint256 tokenId = artwork.mint(alice, creator, alice, "ipfs://art", key);
        vm.expectRevert(abi.encodeWithSelector(IArtworkNFT.ArtworkMintKeyUsed.selector, key, tokenId));
        artwork.mint(alice, creator, alice, "ipfs://art", key);
        vm.stopPrank();
        assertEq(artwork.tokenOfMintKey(key), tokenId);
    }

    function test_voucher_sameNonceMintsOnce() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 3, 0, 5);
        bytes memory sig = _sign(minterKey, voucher);
        vm.startPrank(alice);
        avatar.mintWithVoucher(voucher, sig);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarVoucherNonceUsed.selector, 5));
        avatar.mintWithVoucher(voucher, sig);
        vm.stopPrank();
    }

    function test_validationRequest_sameHashOnce_andXpOnce() public {
        uint256 agentId = _mint(alice, AVATAR_ID, 1);
        bytes32 requestHash = _award(agentId, 100, 100);
        vm.startPrank(verifier);
        vm.expectRevert(abi.encodeWithSelector(IValidationRegistry.ValidationRequestExists.selector, requestHash));
        validation.validationRequest(verifier, agentId, "", requestHash);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarExperienceAlreadyAwarded.selector, requestHash));
        avatar.awardExperience(requestHash, 100);
        vm.stopPrank();
        assertEq(avatar.experienceOf(agentId), 100);
    }

    /// Edition caps hold on every mint path: minter mint, voucher mint and marketplace sale share one counter.
    function test_editionCap_acrossAllMintPaths() public {
        _mint(alice, AVATAR_ID, 3); // edition 1 (series creator alice)
        IAvatarNFT.MintVoucher memory voucher = _voucher(bob, AVATAR_ID, 3, 0, 1);
        voucher.agentType = IAvatarNFT.AgentType.HACKER;
        bytes memory sig = _sign(minterKey, voucher);
        vm.prank(bob);
        avatar.mintWithVoucher(voucher, sig); // edition 2
        vm.prank(alice);
        market.setEditionPrice(AVATAR_ID, 1 ether);
        vm.deal(carol, 2 ether);
        vm.prank(carol);
        market.buyEdition{value: 1 ether}(AVATAR_ID); // edition 3
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarMaxEditionsReached.selector, AVATAR_ID, 3));
        market.buyEdition{value: 1 ether}(AVATAR_ID);
        voucher.nonce = 2;
        sig = _sign(minterKey, voucher);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarMaxEditionsReached.selector, AVATAR_ID, 3));
        avatar.mintWithVoucher(voucher, sig);
        vm.prank(minter);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarMaxEditionsReached.selector, AVATAR_ID, 3));
        avatar.mint(alice, AVATAR_ID, IAvatarNFT.AgentType.HACKER, 3, "", _k());
    }

    /// A voucher sale to someone other than the creator credits the creator's royalty.
    function testFuzz_voucher_royaltyToCreator(uint256 price) public {
        price = bound(price, 0, 100 ether);
        _mint(alice, AVATAR_ID, 5);
        IAvatarNFT.MintVoucher memory voucher = _voucher(bob, AVATAR_ID, 5, price, 1);
        voucher.agentType = IAvatarNFT.AgentType.HACKER;
        bytes memory sig = _sign(minterKey, voucher);
        vm.deal(bob, price);
        vm.prank(bob);
        avatar.mintWithVoucher{value: price}(voucher, sig);
        assertEq(avatar.royaltiesOwed(alice), price * ROYALTY_BPS / 10_000);
        assertEq(avatar.royaltiesOwed(bob), 0);
    }

    // ------------------------------------------------------------------ roles (the keys split as on Base)

    function test_roles_eachRoleOnlyItsOwnWork() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 2);
        bytes32 minterRole = avatar.MINTER_ROLE();
        bytes32 verifierRole = avatar.VERIFIER_ROLE();
        bytes32 adminRole = avatar.DEFAULT_ADMIN_ROLE();
        // The verifier cannot mint or configure.
        vm.startPrank(verifier);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, verifier, minterRole));
        avatar.mint(bob, 7, IAvatarNFT.AgentType.HACKER, 1, "", _k());
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, verifier, adminRole));
        avatar.setBaseURI("evil");
        vm.stopPrank();
        // The minter cannot award XP, write skills, configure or grant roles.
        vm.startPrank(minter);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, minter, verifierRole));
        avatar.awardExperience(bytes32(uint256(1)), 1);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, minter, verifierRole));
        avatar.setSkill(tokenId, 1, 50);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, minter, adminRole));
        avatar.setRoyaltyBps(0);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, minter, adminRole));
        avatar.grantRole(verifierRole, minter);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, minter, adminRole));
        market.setFeeRecipient(minter);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, minter, adminRole));
        avatar.setTreasury(minter);
        vm.stopPrank();
        // The operator prices custody editions only; it cannot change fees or mint.
        vm.startPrank(operator);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, operator, adminRole));
        market.setFeeBps(0);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, operator, minterRole));
        avatar.mint(operator, 8, IAvatarNFT.AgentType.HACKER, 1, "", _k());
        vm.stopPrank();
        // The admin (cold key) holds no hot role: it cannot mint or award XP itself.
        vm.startPrank(admin);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, admin, minterRole));
        avatar.mint(admin, 9, IAvatarNFT.AgentType.HACKER, 1, "", _k());
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, admin, verifierRole));
        avatar.awardExperience(bytes32(uint256(1)), 1);
        vm.stopPrank();
        // No role can rewrite a holder's agent URI or metadata.
        address[4] memory roles = [minter, verifier, admin, operator];
        for (uint256 i; i < roles.length; ++i) {
            vm.startPrank(roles[i]);
            vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarNotOwnerOrApproved.selector, tokenId, roles[i]));
            avatar.setAgentURI(tokenId, "evil");
            vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarNotOwnerOrApproved.selector, tokenId, roles[i]));
            avatar.setMetadata(tokenId, "k", "v");
            vm.stopPrank();
        }
    }

    function test_admin_handOverWaitsForTheDelay() public {
        address multisig = makeAddr("multisig");
        assertEq(avatar.defaultAdmin(), admin);
        assertEq(avatar.defaultAdminDelay(), ADMIN_DELAY);
        // Granting the admin role directly is refused: only the delayed two-step hand-over works.
        bytes32 adminRole = avatar.DEFAULT_ADMIN_ROLE();
        vm.prank(admin);
        vm.expectRevert(IAccessControlDefaultAdminRules.AccessControlEnforcedDefaultAdminRules.selector);
        avatar.grantRole(adminRole, multisig);
        vm.prank(admin);
        avatar.beginDefaultAdminTransfer(multisig);
        (, uint48 schedule) = avatar.pendingDefaultAdmin();
        vm.prank(multisig);
        vm.expectRevert(abi.encodeWithSelector(IAccessControlDefaultAdminRules.AccessControlEnforcedDefaultAdminDelay.selector, schedule));
        avatar.acceptDefaultAdminTransfer();
        vm.warp(uint256(schedule) + 1);
        vm.prank(multisig);
        avatar.acceptDefaultAdminTransfer();
        assertEq(avatar.defaultAdmin(), multisig);
        assertFalse(avatar.hasRole(adminRole, admin));
        // Every registry with roles follows the same rule.
        assertEq(validation.defaultAdminDelay(), ADMIN_DELAY);
        assertEq(market.defaultAdminDelay(), ADMIN_DELAY);
        assertEq(artwork.defaultAdminDelay(), ADMIN_DELAY);
    }
}

/// @dev Random clients (including owners and operators) try to rate random agents.
contract ReputationHandler is Test {
    AvatarNFT internal immutable avatar;
    ReputationRegistry internal immutable reputation;
    address internal immutable minter;
    address[] internal actors;
    uint256 internal keyCount;

    constructor(AvatarNFT avatar_, ReputationRegistry reputation_, address minter_) {
        avatar = avatar_;
        reputation = reputation_;
        minter = minter_;
        for (uint256 i = 1; i <= 5; ++i) {
            actors.push(makeAddr(string.concat("client", vm.toString(i))));
        }
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function actorAt(uint256 i) external view returns (address) {
        return actors[i];
    }

    function mint(uint256 actorSeed) external {
        vm.prank(minter);
        avatar.mint(_actor(actorSeed), 1 + keyCount, IAvatarNFT.AgentType.HACKER, 1, "", keccak256(abi.encode(++keyCount)));
    }

    function register(uint256 actorSeed) external {
        vm.prank(_actor(actorSeed));
        avatar.register();
    }

    function approveOperator(uint256 ownerSeed, uint256 operatorSeed) external {
        vm.prank(_actor(ownerSeed));
        avatar.setApprovalForAll(_actor(operatorSeed), true);
    }

    function transfer(uint256 tokenSeed, uint256 toSeed) external {
        uint256 total = avatar.totalMinted();
        if (total == 0) return;
        uint256 tokenId = 1 + tokenSeed % total;
        address owner = avatar.ownerOf(tokenId);
        vm.prank(owner);
        avatar.transferFrom(owner, _actor(toSeed), tokenId);
    }

    function giveFeedback(uint256 tokenSeed, uint256 clientSeed, int128 value) external {
        uint256 total = avatar.totalMinted();
        if (total == 0) return;
        uint256 tokenId = 1 + tokenSeed % total;
        address client = _actor(clientSeed);
        value = int128(bound(value, -100, 100));
        vm.prank(client);
        try reputation.giveFeedback(tokenId, value, 0, "starred", "", "", "", bytes32(0)) {
            // Record who the owner and operators were at the moment of feedback.
            if (avatar.isAuthorizedOrOwner(client, tokenId)) ++selfFeedbackAccepted;
        } catch {}
    }

    uint256 public selfFeedbackAccepted;

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % actors.length];
    }
}

contract ReputationInvariantTest is StdInvariant, BaseTest {
    ReputationHandler internal handler;

    function setUp() public override {
        super.setUp();
        handler = new ReputationHandler(avatar, reputation, minter);
        targetContract(address(handler));
    }

    /// No feedback from the agent's owner or approved operator (at the time it was given) ever exists.
    function invariant_noOwnerOrOperatorFeedback() public view {
        assertEq(handler.selfFeedbackAccepted(), 0);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ValidationRegistry} from "../contracts/ValidationRegistry.sol";
import {IValidationRegistry} from "../contracts/interfaces/IValidationRegistry.sol";
import {IAccessControlDefaultAdminRules} from "@openzeppelin/contracts/access/extensions/IAccessControlDefaultAdminRules.sol";
import {StdInvariant} from "forge-std/StdInvariant.sol";
import {Test} from "forge-std/Test.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {IERC165} from "@openzeppelin/contracts/interfaces/IERC165.sol";
import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";
import {IERC721} from "@openzeppelin/contracts/interfaces/IERC721.sol";
import {IERC721Metadata} from "@openzeppelin/contracts/interfaces/IERC721Metadata.sol";
import {IERC4906} from "@openzeppelin/contracts/interfaces/IERC4906.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {AvatarNFT} from "../contracts/AvatarNFT.sol";
import {IAgentIdentityRegistry} from "../contracts/interfaces/IAgentIdentityRegistry.sol";
import {IAvatarNFT} from "../contracts/interfaces/IAvatarNFT.sol";
import {IERC4907} from "../contracts/interfaces/IERC4907.sol";
import {EthRejecter, PlainContract} from "./utils/Actors.sol";
import {BaseTest} from "./utils/BaseTest.sol";

contract AvatarNFTTest is BaseTest {
    uint256 internal constant AVATAR_ID = 21;

    // ------------------------------------------------------------------ constructor

    function test_constructor_setsAdminAndConfig() public view {
        assertTrue(avatar.hasRole(avatar.DEFAULT_ADMIN_ROLE(), admin));
        assertEq(avatar.baseURI(), BASE_URI);
        assertEq(avatar.royaltyBps(), ROYALTY_BPS);
        assertEq(avatar.name(), "Neural Avatar");
        assertEq(avatar.symbol(), "AVATAR");
        assertEq(avatar.totalMinted(), 0);
    }

    function test_constructor_revertsOnZeroAdmin() public {
        vm.expectRevert(abi.encodeWithSelector(IAccessControlDefaultAdminRules.AccessControlInvalidDefaultAdmin.selector, address(0)));
        new AvatarNFT(address(0), ADMIN_DELAY, treasury, "", 0);
        vm.expectRevert(IAvatarNFT.AvatarZeroAddress.selector);
        new AvatarNFT(admin, ADMIN_DELAY, address(0), "", 0);
    }

    function test_constructor_revertsOnRoyaltyTooHigh() public {
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarRoyaltyTooHigh.selector, 1001, 1000));
        new AvatarNFT(admin, ADMIN_DELAY, treasury, "", 1001);
    }

    // ------------------------------------------------------------------ mint

    function test_mint_createsSeriesAndFirstEdition() public {
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.SeriesCreated(AVATAR_ID, alice, IAvatarNFT.AgentType.HACKER, 3);
        vm.expectEmit(address(avatar));
        emit IERC721.Transfer(address(0), alice, 1);
        vm.expectEmit(address(avatar));
        emit IAgentIdentityRegistry.Registered(1, "", alice);
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.AvatarMinted(1, AVATAR_ID, alice, 1, 3, IAvatarNFT.AgentType.HACKER);
        uint256 tokenId = _mint(alice, AVATAR_ID, 3);

        assertEq(tokenId, 1);
        assertEq(avatar.ownerOf(1), alice);
        assertEq(avatar.totalMinted(), 1);
        IAvatarNFT.Avatar memory info = avatar.avatarOf(1);
        assertEq(info.avatarId, AVATAR_ID);
        assertEq(info.edition, 1);
        assertEq(info.maxEditions, 3);
        assertEq(uint8(info.agentType), uint8(IAvatarNFT.AgentType.HACKER));
        assertEq(info.xp, 0);
        assertEq(info.level, 1);
        IAvatarNFT.Series memory series = avatar.seriesOf(AVATAR_ID);
        assertEq(series.creator, alice);
        assertEq(series.maxEditions, 3);
        assertEq(series.minted, 1);
    }

    function test_mint_nextEditionsIncrement() public {
        _mint(alice, AVATAR_ID, 3);
        uint256 second = _mint(bob, AVATAR_ID, 3);
        uint256 third = _mint(carol, AVATAR_ID, 3);
        assertEq(avatar.avatarOf(second).edition, 2);
        assertEq(avatar.avatarOf(third).edition, 3);
        assertEq(avatar.seriesOf(AVATAR_ID).minted, 3);
        assertEq(avatar.seriesOf(AVATAR_ID).creator, alice, "creator stays the first recipient");
    }

    function test_mint_revertsPastMaxEditions() public {
        _mint(alice, AVATAR_ID, 2);
        _mint(bob, AVATAR_ID, 2);
        vm.prank(minter);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarMaxEditionsReached.selector, AVATAR_ID, 2));
        avatar.mint(carol, AVATAR_ID, IAvatarNFT.AgentType.HACKER, 2, "", _k());
    }

    function test_mint_revertsOnSeriesMismatch() public {
        _mint(alice, AVATAR_ID, 2);
        vm.startPrank(minter);
        vm.expectRevert(
            abi.encodeWithSelector(IAvatarNFT.AvatarSeriesMismatch.selector, AVATAR_ID, IAvatarNFT.AgentType.HACKER, 2)
        );
        avatar.mint(bob, AVATAR_ID, IAvatarNFT.AgentType.HACKER, 5, "", _k());
        vm.expectRevert(
            abi.encodeWithSelector(IAvatarNFT.AvatarSeriesMismatch.selector, AVATAR_ID, IAvatarNFT.AgentType.HACKER, 2)
        );
        avatar.mint(bob, AVATAR_ID, IAvatarNFT.AgentType.HUSTLER, 2, "", _k());
        vm.stopPrank();
    }

    function test_mint_revertsOnInvalidAvatarId() public {
        vm.startPrank(minter);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarInvalidAvatarId.selector, 0));
        avatar.mint(alice, 0, IAvatarNFT.AgentType.HACKER, 1, "", _k());
        uint256 tooLarge = uint256(type(uint128).max) + 1;
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarInvalidAvatarId.selector, tooLarge));
        avatar.mint(alice, tooLarge, IAvatarNFT.AgentType.HACKER, 1, "", _k());
        vm.stopPrank();
    }

    function test_mint_acceptsLargestAvatarId() public {
        uint256 tokenId = _mint(alice, type(uint128).max, 1);
        assertEq(avatar.avatarOf(tokenId).avatarId, type(uint128).max);
    }

    function test_mint_revertsOnZeroMaxEditions() public {
        vm.prank(minter);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarInvalidMaxEditions.selector, 0));
        avatar.mint(alice, AVATAR_ID, IAvatarNFT.AgentType.HACKER, 0, "", _k());
    }

    function test_mint_revertsOnZeroRecipient() public {
        vm.prank(minter);
        vm.expectRevert(IAvatarNFT.AvatarZeroAddress.selector);
        avatar.mint(address(0), AVATAR_ID, IAvatarNFT.AgentType.HACKER, 2, "", _k());

        _mint(alice, AVATAR_ID, 2);
        vm.prank(minter);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721InvalidReceiver.selector, address(0)));
        avatar.mint(address(0), AVATAR_ID, IAvatarNFT.AgentType.HACKER, 2, "", _k());
    }

    function test_mint_revertsForContractWithoutReceiver() public {
        address plain = address(new PlainContract());
        vm.prank(minter);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721InvalidReceiver.selector, plain));
        avatar.mint(plain, AVATAR_ID, IAvatarNFT.AgentType.HACKER, 2, "", _k());
    }

    function test_mint_revertsForNonMinter() public {
        bytes32 role = avatar.MINTER_ROLE();
        vm.prank(stranger);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, stranger, role)
        );
        avatar.mint(alice, AVATAR_ID, IAvatarNFT.AgentType.HACKER, 2, "", _k());
    }

    function test_mint_storesAgentURI() public {
        vm.prank(minter);
        uint256 tokenId = avatar.mint(alice, AVATAR_ID, IAvatarNFT.AgentType.CREATOR, 1, "ipfs://agent.json", _k());
        assertEq(avatar.tokenURI(tokenId), "ipfs://agent.json");
    }

    // ------------------------------------------------------------------ mintWithVoucher

    function test_mintWithVoucher_mintsToSenderAndKeepsPayment() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 0.15 ether, 7);
        bytes memory signature = _sign(minterKey, voucher);
        vm.deal(alice, 1 ether);

        vm.expectEmit(address(avatar));
        emit IAvatarNFT.VoucherRedeemed(7, minter, 1, 0.15 ether);
        vm.prank(alice);
        uint256 tokenId = avatar.mintWithVoucher{value: 0.15 ether}(voucher, signature);

        assertEq(avatar.ownerOf(tokenId), alice);
        assertEq(address(avatar).balance, 0.15 ether);
        assertTrue(avatar.isVoucherNonceUsed(7));
        assertEq(uint8(avatar.avatarOf(tokenId).agentType), uint8(IAvatarNFT.AgentType.CREATOR));
        assertEq(avatar.seriesOf(AVATAR_ID).maxEditions, 5);
    }

    function test_mintWithVoucher_freeVoucherWithURI() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 1, 0, 1);
        voucher.uri = "https://app.test/agents/21.json";
        bytes memory signature = _sign(minterKey, voucher);
        vm.prank(alice);
        uint256 tokenId = avatar.mintWithVoucher(voucher, signature);
        assertEq(avatar.tokenURI(tokenId), "https://app.test/agents/21.json");
    }

    function test_mintWithVoucher_revertsOnReplay() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 0, 7);
        bytes memory signature = _sign(minterKey, voucher);
        vm.startPrank(alice);
        avatar.mintWithVoucher(voucher, signature);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarVoucherNonceUsed.selector, 7));
        avatar.mintWithVoucher(voucher, signature);
        vm.stopPrank();
    }

    function test_mintWithVoucher_revertsWhenExpired() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 0, 7);
        bytes memory signature = _sign(minterKey, voucher);
        vm.warp(voucher.deadline + 1);
        vm.prank(alice);
        vm.expectRevert(
            abi.encodeWithSelector(IAvatarNFT.AvatarVoucherExpired.selector, voucher.deadline, voucher.deadline + 1)
        );
        avatar.mintWithVoucher(voucher, signature);
    }

    function test_mintWithVoucher_acceptsAtDeadline() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 0, 7);
        bytes memory signature = _sign(minterKey, voucher);
        vm.warp(voucher.deadline);
        vm.prank(alice);
        avatar.mintWithVoucher(voucher, signature);
    }

    function test_mintWithVoucher_revertsForOtherSender() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 0, 7);
        bytes memory signature = _sign(minterKey, voucher);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarVoucherWrongSender.selector, alice, bob));
        avatar.mintWithVoucher(voucher, signature);
    }

    function test_mintWithVoucher_revertsOnWrongPayment() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 1 ether, 7);
        bytes memory signature = _sign(minterKey, voucher);
        vm.deal(alice, 2 ether);
        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarIncorrectPayment.selector, 1 ether, 0.5 ether));
        avatar.mintWithVoucher{value: 0.5 ether}(voucher, signature);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarIncorrectPayment.selector, 1 ether, 1.5 ether));
        avatar.mintWithVoucher{value: 1.5 ether}(voucher, signature);
        vm.stopPrank();
    }

    function test_mintWithVoucher_revertsForNonMinterSigner() public {
        (address mallory, uint256 malloryKey) = makeAddrAndKey("mallory");
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 0, 7);
        bytes memory signature = _sign(malloryKey, voucher);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarVoucherInvalidSigner.selector, mallory));
        avatar.mintWithVoucher(voucher, signature);
    }

    function test_mintWithVoucher_revertsOnTamperedVoucher() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 1 ether, 7);
        bytes memory signature = _sign(minterKey, voucher);
        voucher.price = 0; // the user tries to mint for free
        vm.prank(alice);
        vm.expectPartialRevert(IAvatarNFT.AvatarVoucherInvalidSigner.selector);
        avatar.mintWithVoucher(voucher, signature);
    }

    function test_mintWithVoucher_revertsOnMalformedSignature() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 0, 7);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarVoucherInvalidSigner.selector, address(0)));
        avatar.mintWithVoucher(voucher, hex"1234");
    }

    function test_mintWithVoucher_revertsWhenSignerLostRole() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 0, 7);
        bytes memory signature = _sign(minterKey, voucher);
        bytes32 minterRole = avatar.MINTER_ROLE();
        vm.prank(admin);
        avatar.revokeRole(minterRole, minter);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarVoucherInvalidSigner.selector, minter));
        avatar.mintWithVoucher(voucher, signature);
    }

    function test_mintWithVoucher_revertsWhenCancelled() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 0, 7);
        bytes memory signature = _sign(minterKey, voucher);
        vm.prank(minter);
        avatar.cancelVoucher(7);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarVoucherNonceUsed.selector, 7));
        avatar.mintWithVoucher(voucher, signature);
    }

    function test_mintWithVoucher_revertsPastMaxEditions() public {
        _mint(bob, AVATAR_ID, 1);
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 1, 0, 7);
        voucher.agentType = IAvatarNFT.AgentType.HACKER;
        bytes memory signature = _sign(minterKey, voucher);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarMaxEditionsReached.selector, AVATAR_ID, 1));
        avatar.mintWithVoucher(voucher, signature);
    }

    function test_hashVoucher_matchesEip712() public view {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 1 ether, 7);
        voucher.uri = "u";
        bytes32 domainSeparator = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("AvatarNFT"),
                keccak256("1"),
                block.chainid,
                address(avatar)
            )
        );
        bytes32 structHash = keccak256(
            abi.encode(
                keccak256(
                    "MintVoucher(address to,uint256 avatarId,uint8 agentType,uint16 maxEditions,uint256 price,uint256 nonce,uint256 deadline,string uri)"
                ),
                alice,
                AVATAR_ID,
                uint8(1),
                uint16(5),
                1 ether,
                7,
                voucher.deadline,
                keccak256("u")
            )
        );
        assertEq(avatar.hashVoucher(voucher), keccak256(abi.encodePacked("\x19\x01", domainSeparator, structHash)));
    }

    // ------------------------------------------------------------------ cancelVoucher

    function test_cancelVoucher_marksNonceUsed() public {
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.VoucherCancelled(9, minter);
        vm.prank(minter);
        avatar.cancelVoucher(9);
        assertTrue(avatar.isVoucherNonceUsed(9));
    }

    function test_cancelVoucher_revertsWhenAlreadyUsed() public {
        vm.startPrank(minter);
        avatar.cancelVoucher(9);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarVoucherNonceUsed.selector, 9));
        avatar.cancelVoucher(9);
        vm.stopPrank();
    }

    function test_cancelVoucher_revertsForNonMinter() public {
        vm.prank(stranger);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        avatar.cancelVoucher(9);
    }

    // ------------------------------------------------------------------ setSeriesCreator

    function test_setSeriesCreator_movesRoyalties() public {
        uint256 tokenId = _mint(minter, AVATAR_ID, 2); // minted into custody: the custody key is the creator
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.SeriesCreatorUpdated(AVATAR_ID, alice);
        vm.prank(minter);
        avatar.setSeriesCreator(AVATAR_ID, alice);
        (address receiver, uint256 amount) = avatar.royaltyInfo(tokenId, 1 ether);
        assertEq(receiver, alice);
        assertEq(amount, 0.05 ether);
    }

    function test_setSeriesCreator_revertsForUnknownSeries() public {
        vm.prank(minter);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarUnknownSeries.selector, 99));
        avatar.setSeriesCreator(99, alice);
    }

    function test_setSeriesCreator_revertsOnZeroAddress() public {
        _mint(alice, AVATAR_ID, 2);
        vm.prank(alice);
        vm.expectRevert(IAvatarNFT.AvatarZeroAddress.selector);
        avatar.setSeriesCreator(AVATAR_ID, address(0));
    }

    /// No platform role (not even a leaked hot key) can redirect a user's proceeds.
    function test_setSeriesCreator_revertsForEveryoneButTheCreator() public {
        _mint(alice, AVATAR_ID, 2);
        address[4] memory others = [minter, verifier, admin, operator];
        for (uint256 i; i < others.length; ++i) {
            vm.prank(others[i]);
            vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarNotSeriesCreator.selector, AVATAR_ID, others[i]));
            avatar.setSeriesCreator(AVATAR_ID, others[i]);
        }
        assertEq(avatar.seriesOf(AVATAR_ID).creator, alice);
    }

    // ------------------------------------------------------------------ ERC-8004 register / URI / metadata

    function test_register_mintsSelfRegisteredAgent() public {
        vm.expectEmit(address(avatar));
        emit IAgentIdentityRegistry.Registered(1, "", alice);
        vm.prank(alice);
        uint256 agentId = avatar.register();
        assertEq(avatar.ownerOf(agentId), alice);
        IAvatarNFT.Avatar memory info = avatar.avatarOf(agentId);
        assertEq(info.avatarId, 0);
        assertEq(info.edition, 1);
        assertEq(info.maxEditions, 1);
        assertEq(uint8(info.agentType), uint8(IAvatarNFT.AgentType.CREATOR));
        // No URI and no app series: an empty tokenURI, never a link the app cannot serve.
        assertEq(avatar.tokenURI(agentId), "");
    }

    function test_register_withURI() public {
        vm.expectEmit(address(avatar));
        emit IAgentIdentityRegistry.Registered(1, "ipfs://reg", alice);
        vm.prank(alice);
        uint256 agentId = avatar.register("ipfs://reg");
        assertEq(avatar.tokenURI(agentId), "ipfs://reg");
    }

    function test_register_withMetadata() public {
        IAgentIdentityRegistry.MetadataEntry[] memory entries = new IAgentIdentityRegistry.MetadataEntry[](2);
        entries[0] = IAgentIdentityRegistry.MetadataEntry("endpoint", bytes("https://agent.example"));
        entries[1] = IAgentIdentityRegistry.MetadataEntry("capabilities", bytes("voice,tasks"));
        vm.expectEmit(address(avatar));
        emit IAgentIdentityRegistry.MetadataSet(1, "capabilities", "capabilities", bytes("voice,tasks"));
        vm.prank(alice);
        uint256 agentId = avatar.register("ipfs://reg", entries);
        // The reserved wallet starts as the owner (ERC-8004).
        assertEq(avatar.getMetadata(agentId, "agentWallet"), abi.encodePacked(alice));
        assertEq(avatar.getMetadata(agentId, "endpoint"), bytes("https://agent.example"));
        assertEq(avatar.getMetadata(agentId, "capabilities"), bytes("voice,tasks"));
        assertEq(avatar.getMetadata(agentId, "missing"), bytes(""));
    }

    function test_register_revertsForContractWithoutReceiver() public {
        PlainContract plain = new PlainContract();
        vm.prank(address(plain));
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721InvalidReceiver.selector, address(plain)));
        avatar.register();
    }

    function test_setAgentURI_byOwnerAndApproved() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.expectEmit(address(avatar));
        emit IAgentIdentityRegistry.URIUpdated(tokenId, "ipfs://a", alice);
        vm.expectEmit(address(avatar));
        emit IERC4906.MetadataUpdate(tokenId);
        vm.prank(alice);
        avatar.setAgentURI(tokenId, "ipfs://a");
        assertEq(avatar.tokenURI(tokenId), "ipfs://a");

        vm.prank(alice);
        avatar.approve(bob, tokenId);
        vm.prank(bob);
        avatar.setAgentURI(tokenId, "");
        assertEq(avatar.tokenURI(tokenId), string.concat(BASE_URI, "1"), "empty URI restores the default");
    }

    function test_setAgentURI_revertsForNonOwner() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarNotOwnerOrApproved.selector, tokenId, bob));
        avatar.setAgentURI(tokenId, "ipfs://x");
    }

    function test_setAgentURI_revertsForUnknownToken() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 42));
        avatar.setAgentURI(42, "ipfs://x");
    }

    function test_setMetadata_byOwner() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.expectEmit(address(avatar));
        emit IAgentIdentityRegistry.MetadataSet(tokenId, "k", "k", hex"01");
        vm.prank(alice);
        avatar.setMetadata(tokenId, "k", hex"01");
        assertEq(avatar.getMetadata(tokenId, "k"), hex"01");
    }

    function test_setMetadata_byOperatorForAll() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.prank(alice);
        avatar.setApprovalForAll(bob, true);
        vm.prank(bob);
        avatar.setMetadata(tokenId, "k", hex"02");
        assertEq(avatar.getMetadata(tokenId, "k"), hex"02");
    }

    function test_setMetadata_revertsForNonOwner() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarNotOwnerOrApproved.selector, tokenId, stranger));
        avatar.setMetadata(tokenId, "k", hex"01");
    }

    // ------------------------------------------------------------------ XP

    function test_awardExperience_raisesXpAndLevel() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        bytes32 requestHash = keccak256("task-1");
        vm.startPrank(verifier);
        validation.validationRequest(verifier, tokenId, "https://app.test/r/1", requestHash);
        validation.validationResponse(requestHash, 100, "https://app.test/e/1", bytes32(0), "skill_learn");
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.ExperienceGained(tokenId, 2600, 2600, 2);
        vm.expectEmit(address(avatar));
        emit IERC4906.MetadataUpdate(tokenId);
        (uint256 agentId, uint256 totalXp, uint256 level) = avatar.awardExperience(requestHash, 2600);
        vm.stopPrank();
        assertEq(agentId, tokenId);
        assertEq(totalXp, 2600);
        assertEq(level, 2);
        assertEq(avatar.experienceOf(tokenId), 2600);
        assertEq(avatar.levelOf(tokenId), 2);
        assertTrue(avatar.isExperienceAwarded(requestHash));
    }

    function test_awardExperience_levelBoundaries() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        _award(tokenId, 2499, 100);
        assertEq(avatar.levelOf(tokenId), 1);
        _award(tokenId, 1, 100);
        assertEq(avatar.levelOf(tokenId), 2);
        _award(tokenId, 12_500, 100);
        assertEq(avatar.levelOf(tokenId), 7); // 15000 XP: SPEC §2's "next level" target
    }

    function test_awardExperience_scalesWithResponse() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        _award(tokenId, 200, 50);
        assertEq(avatar.experienceOf(tokenId), 100);
    }

    function test_awardExperience_revertsOnSecondAward() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        bytes32 requestHash = _award(tokenId, 50, 100);
        vm.prank(verifier);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarExperienceAlreadyAwarded.selector, requestHash));
        avatar.awardExperience(requestHash, 50);
        assertEq(avatar.experienceOf(tokenId), 50);
    }

    function test_awardExperience_revertsWithoutPositiveResponse() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        bytes32 requestHash = keccak256("unanswered");
        vm.startPrank(verifier);
        validation.validationRequest(verifier, tokenId, "u", requestHash);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarNotValidated.selector, requestHash, verifier, 0));
        avatar.awardExperience(requestHash, 50);
        validation.validationResponse(requestHash, 0, "", bytes32(0), "");
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarNotValidated.selector, requestHash, verifier, 0));
        avatar.awardExperience(requestHash, 50);
        vm.stopPrank();
    }

    function test_awardExperience_revertsForAnotherValidatorsResponse() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        bytes32 requestHash = keccak256("other");
        vm.prank(alice);
        validation.validationRequest(bob, tokenId, "u", requestHash);
        vm.prank(bob);
        validation.validationResponse(requestHash, 100, "", bytes32(0), "");
        vm.prank(verifier);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarNotValidated.selector, requestHash, bob, 100));
        avatar.awardExperience(requestHash, 50);
    }

    function test_awardExperience_revertsForUnknownRequest() public {
        vm.prank(verifier);
        vm.expectRevert(abi.encodeWithSelector(IValidationRegistry.ValidationUnknownRequest.selector, bytes32(uint256(5))));
        avatar.awardExperience(bytes32(uint256(5)), 50);
    }

    function test_awardExperience_revertsWithoutRegistry() public {
        AvatarNFT fresh = new AvatarNFT(admin, ADMIN_DELAY, treasury, "", 0);
        bytes32 role = fresh.VERIFIER_ROLE();
        vm.prank(admin);
        fresh.grantRole(role, verifier);
        vm.prank(verifier);
        vm.expectRevert(IAvatarNFT.AvatarNoValidationRegistry.selector);
        fresh.awardExperience(bytes32(uint256(1)), 50);
    }

    function test_awardExperience_revertsForNonVerifier() public {
        bytes32 role = avatar.VERIFIER_ROLE();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, alice, role));
        avatar.awardExperience(bytes32(uint256(1)), 50);
    }

    function test_awardExperience_revertsOnOverflow() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        _award(tokenId, type(uint64).max, 100);
        bytes32 requestHash = keccak256("overflow");
        vm.startPrank(verifier);
        validation.validationRequest(verifier, tokenId, "u", requestHash);
        validation.validationResponse(requestHash, 100, "", bytes32(0), "");
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarExperienceOverflow.selector, tokenId, 1));
        avatar.awardExperience(requestHash, 1);
        vm.stopPrank();
    }

    function test_setValidationRegistry_adminOnly() public {
        vm.prank(minter);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        avatar.setValidationRegistry(address(1));
        vm.prank(admin);
        vm.expectRevert(IAvatarNFT.AvatarZeroAddress.selector);
        avatar.setValidationRegistry(address(0));
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.ValidationRegistryUpdated(address(7));
        vm.prank(admin);
        avatar.setValidationRegistry(address(7));
        assertEq(avatar.validationRegistry(), address(7));
    }

    function test_experienceOf_revertsForUnknownToken() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 3));
        avatar.experienceOf(3);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 3));
        avatar.levelOf(3);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 3));
        avatar.avatarOf(3);
    }

    // ------------------------------------------------------------------ skills

    function test_setSkill_addsAndUpdates() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.SkillUpdated(tokenId, 7, 40);
        vm.expectEmit(address(avatar));
        emit IERC4906.MetadataUpdate(tokenId);
        vm.startPrank(verifier);
        avatar.setSkill(tokenId, 7, 40);
        avatar.setSkill(tokenId, 9, 100);
        avatar.setSkill(tokenId, 7, 10);
        vm.stopPrank();

        (bool has, uint8 proficiency) = avatar.skillOf(tokenId, 7);
        assertTrue(has);
        assertEq(proficiency, 10);
        (has, proficiency) = avatar.skillOf(tokenId, 8);
        assertFalse(has);
        assertEq(proficiency, 0);
        (uint256[] memory ids, uint8[] memory levels) = avatar.skillsOf(tokenId);
        assertEq(ids.length, 2);
        assertEq(ids[0], 7);
        assertEq(levels[0], 10);
        assertEq(ids[1], 9);
        assertEq(levels[1], 100);
    }

    function test_setSkill_zeroProficiencyCountsAsHavingTheSkill() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.prank(verifier);
        avatar.setSkill(tokenId, 7, 0);
        (bool has,) = avatar.skillOf(tokenId, 7);
        assertTrue(has);
    }

    function test_setSkill_revertsAbove100() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.prank(verifier);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarInvalidProficiency.selector, 101));
        avatar.setSkill(tokenId, 7, 101);
    }

    function test_setSkill_revertsForNonVerifier() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.prank(alice);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        avatar.setSkill(tokenId, 7, 50);
    }

    function test_setSkill_revertsForUnknownToken() public {
        vm.prank(verifier);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 4));
        avatar.setSkill(4, 7, 50);
    }

    function test_addSkillProficiency_addsAndCapsAt100() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.startPrank(verifier);
        assertEq(avatar.addSkillProficiency(tokenId, 3, 30), 30);
        assertEq(avatar.addSkillProficiency(tokenId, 3, 60), 90);
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.SkillUpdated(tokenId, 3, 100);
        assertEq(avatar.addSkillProficiency(tokenId, 3, 255), 100);
        vm.stopPrank();
    }

    function test_addSkillProficiency_revertsForNonVerifier() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.prank(minter);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        avatar.addSkillProficiency(tokenId, 3, 1);
    }

    function test_addSkillProficiency_revertsForUnknownToken() public {
        vm.prank(verifier);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 4));
        avatar.addSkillProficiency(4, 3, 1);
    }

    // ------------------------------------------------------------------ ERC-4907

    function test_setUser_delegatesUntilExpiry() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        uint64 expires = uint64(block.timestamp + 7 days);
        vm.expectEmit(address(avatar));
        emit IERC4907.UpdateUser(tokenId, bob, expires);
        vm.prank(alice);
        avatar.setUser(tokenId, bob, expires);
        assertEq(avatar.userOf(tokenId), bob);
        assertEq(avatar.userExpires(tokenId), expires);

        vm.warp(expires);
        assertEq(avatar.userOf(tokenId), bob, "valid through the expiry second");
        vm.warp(uint256(expires) + 1);
        assertEq(avatar.userOf(tokenId), address(0), "expired");
        assertEq(avatar.userExpires(tokenId), expires);
    }

    function test_setUser_byApprovedAddress() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.prank(alice);
        avatar.approve(carol, tokenId);
        vm.prank(carol);
        avatar.setUser(tokenId, bob, uint64(block.timestamp + 1 days));
        assertEq(avatar.userOf(tokenId), bob);
    }

    function test_setUser_clearsWithZeroUser() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.startPrank(alice);
        avatar.setUser(tokenId, bob, uint64(block.timestamp + 1 days));
        avatar.setUser(tokenId, address(0), 0);
        vm.stopPrank();
        assertEq(avatar.userOf(tokenId), address(0));
        assertEq(avatar.userExpires(tokenId), 0);
    }

    function test_setUser_revertsForNonOwner() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarNotOwnerOrApproved.selector, tokenId, bob));
        avatar.setUser(tokenId, bob, uint64(block.timestamp + 1 days));
    }

    function test_setUser_revertsForUnknownToken() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 8));
        avatar.setUser(8, bob, 1);
    }

    function test_setUser_clearedOnTransfer() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.startPrank(alice);
        avatar.setUser(tokenId, bob, uint64(block.timestamp + 1 days));
        vm.expectEmit(address(avatar));
        emit IERC4907.UpdateUser(tokenId, address(0), 0);
        avatar.transferFrom(alice, carol, tokenId);
        vm.stopPrank();
        assertEq(avatar.userOf(tokenId), address(0));
        assertEq(avatar.userExpires(tokenId), 0);
    }

    function test_setUser_keptOnSelfTransfer() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.startPrank(alice);
        avatar.setUser(tokenId, bob, uint64(block.timestamp + 1 days));
        avatar.transferFrom(alice, alice, tokenId);
        vm.stopPrank();
        assertEq(avatar.userOf(tokenId), bob);
    }

    // ------------------------------------------------------------------ admin

    function test_setBaseURI_changesTokenURIs() public {
        _mint(alice, AVATAR_ID, 2);
        _mint(bob, AVATAR_ID, 2);
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.BaseURIUpdated("https://new/");
        vm.expectEmit(address(avatar));
        emit IERC4906.BatchMetadataUpdate(1, 2);
        vm.prank(admin);
        avatar.setBaseURI("https://new/");
        assertEq(avatar.baseURI(), "https://new/");
        assertEq(avatar.tokenURI(2), "https://new/2");
    }

    function test_setBaseURI_emptyMeansEmptyTokenURI() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.prank(admin);
        avatar.setBaseURI("");
        assertEq(avatar.tokenURI(tokenId), "");
    }

    function test_setBaseURI_revertsForNonAdmin() public {
        vm.prank(minter);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        avatar.setBaseURI("x");
    }

    function test_tokenURI_revertsForUnknownToken() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 1));
        avatar.tokenURI(1);
    }

    function test_setRoyaltyBps_updatesRoyalty() public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.RoyaltyUpdated(1000);
        vm.prank(admin);
        avatar.setRoyaltyBps(1000);
        (address receiver, uint256 amount) = avatar.royaltyInfo(tokenId, 2 ether);
        assertEq(receiver, alice);
        assertEq(amount, 0.2 ether);
    }

    function test_setRoyaltyBps_revertsAboveCap() public {
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarRoyaltyTooHigh.selector, 1001, 1000));
        avatar.setRoyaltyBps(1001);
    }

    function test_setRoyaltyBps_revertsForNonAdmin() public {
        vm.prank(stranger);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        avatar.setRoyaltyBps(1);
    }

    function test_royaltyInfo_selfRegisteredPaysOwner() public {
        vm.prank(alice);
        uint256 agentId = avatar.register();
        (address receiver,) = avatar.royaltyInfo(agentId, 1 ether);
        assertEq(receiver, alice);
    }

    function test_royaltyInfo_revertsForUnknownToken() public {
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 1));
        avatar.royaltyInfo(1, 1 ether);
    }

    function test_withdraw_sendsProceedsToTreasury() public {
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, 1 ether, 1);
        bytes memory signature = _sign(minterKey, voucher);
        vm.deal(alice, 1 ether);
        vm.prank(alice);
        avatar.mintWithVoucher{value: 1 ether}(voucher, signature);

        vm.expectEmit(address(avatar));
        emit IAvatarNFT.Withdrawn(treasury, 0.4 ether);
        vm.prank(admin);
        avatar.withdraw(0.4 ether);
        assertEq(treasury.balance, 0.4 ether);
        assertEq(address(avatar).balance, 0.6 ether);
    }

    function test_withdraw_revertsAboveBalance() public {
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarInsufficientBalance.selector, 1, 0));
        avatar.withdraw(1);
    }

    function test_withdraw_neverTakesCreditedRoyalties() public {
        _mint(alice, AVATAR_ID, 5);
        IAvatarNFT.MintVoucher memory voucher = _voucher(bob, AVATAR_ID, 5, 1 ether, 1);
        voucher.agentType = IAvatarNFT.AgentType.HACKER;
        bytes memory signature = _sign(minterKey, voucher);
        vm.deal(bob, 1 ether);
        vm.prank(bob);
        avatar.mintWithVoucher{value: 1 ether}(voucher, signature);
        assertEq(avatar.royaltiesOwed(alice), 0.05 ether);
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarInsufficientBalance.selector, 1 ether, 0.95 ether));
        avatar.withdraw(1 ether);
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.RoyaltiesWithdrawn(alice, 0.05 ether);
        vm.prank(alice);
        avatar.withdrawRoyalties();
        assertEq(alice.balance, 0.05 ether);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarNothingOwed.selector, alice));
        avatar.withdrawRoyalties();
    }

    function test_withdraw_revertsWhenTreasuryRejects() public {
        EthRejecter rejecter = new EthRejecter();
        vm.deal(address(avatar), 1 ether);
        vm.startPrank(admin);
        avatar.setTreasury(address(rejecter));
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarWithdrawFailed.selector, address(rejecter), 1 ether));
        avatar.withdraw(1 ether);
        vm.stopPrank();
    }

    function test_withdraw_revertsForNonAdmin() public {
        vm.prank(minter);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        avatar.withdraw(0);
    }

    function test_setTreasury_adminOnlyAndNonZero() public {
        vm.prank(minter);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        avatar.setTreasury(minter);
        vm.prank(admin);
        vm.expectRevert(IAvatarNFT.AvatarZeroAddress.selector);
        avatar.setTreasury(address(0));
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.TreasuryUpdated(carol);
        vm.prank(admin);
        avatar.setTreasury(carol);
        assertEq(avatar.treasury(), carol);
    }

    function test_supportsInterface_declaresStandards() public view {
        assertTrue(avatar.supportsInterface(type(IERC721).interfaceId));
        assertTrue(avatar.supportsInterface(type(IERC721Metadata).interfaceId));
        assertTrue(avatar.supportsInterface(type(IERC2981).interfaceId));
        assertTrue(avatar.supportsInterface(type(IERC165).interfaceId));
        assertTrue(avatar.supportsInterface(type(IAccessControl).interfaceId));
        assertTrue(avatar.supportsInterface(0xad092b5c), "ERC-4907");
        assertTrue(avatar.supportsInterface(0x49064906), "ERC-4906");
        assertEq(type(IERC4907).interfaceId, bytes4(0xad092b5c));
        assertFalse(avatar.supportsInterface(0xffffffff));
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_mint_neverPastMaxEditions(uint16 maxEditions, uint8 attempts) public {
        maxEditions = uint16(bound(maxEditions, 1, 20));
        attempts = uint8(bound(attempts, 1, 30));
        uint256 minted;
        for (uint256 i; i < attempts; ++i) {
            vm.prank(minter);
            try avatar.mint(alice, AVATAR_ID, IAvatarNFT.AgentType.HUSTLER, maxEditions, "", _k()) returns (uint256 id) {
                ++minted;
                assertEq(avatar.avatarOf(id).edition, minted);
            } catch (bytes memory reason) {
                // forge-lint: disable-next-line(unsafe-typecast) the selector is the first 4 bytes
                assertEq(bytes4(reason), IAvatarNFT.AvatarMaxEditionsReached.selector);
                assertEq(minted, maxEditions);
            }
        }
        assertEq(minted, attempts < maxEditions ? attempts : maxEditions);
        assertEq(avatar.seriesOf(AVATAR_ID).minted, minted);
    }

    function testFuzz_setSkill_proficiencyBounds(uint8 proficiency) public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.prank(verifier);
        if (proficiency > 100) {
            vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarInvalidProficiency.selector, proficiency));
            avatar.setSkill(tokenId, 1, proficiency);
        } else {
            avatar.setSkill(tokenId, 1, proficiency);
            (, uint8 stored) = avatar.skillOf(tokenId, 1);
            assertEq(stored, proficiency);
        }
    }

    function testFuzz_addSkillProficiency_staysWithin100(uint8 first, uint8 second) public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.startPrank(verifier);
        avatar.addSkillProficiency(tokenId, 1, first);
        uint8 result = avatar.addSkillProficiency(tokenId, 1, second);
        vm.stopPrank();
        uint256 expected = uint256(first) + second;
        assertEq(result, expected > 100 ? 100 : expected);
    }

    function testFuzz_setUser_expiryHonoured(uint64 duration, uint64 elapsed) public {
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        duration = uint64(bound(duration, 0, 3650 days));
        elapsed = uint64(bound(elapsed, 0, 3650 days));
        uint64 expires = uint64(block.timestamp) + duration;
        vm.prank(alice);
        avatar.setUser(tokenId, bob, expires);
        vm.warp(block.timestamp + elapsed);
        assertEq(avatar.userOf(tokenId), elapsed <= duration ? bob : address(0));
    }

    function testFuzz_awardExperience_levelFormula(uint64 xp, uint8 response) public {
        response = uint8(bound(response, 1, 100));
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        _award(tokenId, xp, response);
        uint256 expected = uint256(xp) * response / 100;
        assertEq(avatar.experienceOf(tokenId), expected);
        assertEq(avatar.levelOf(tokenId), 1 + expected / 2500);
    }

    function testFuzz_mintWithVoucher_exactPriceOnly(uint256 price, uint256 sent) public {
        price = bound(price, 0, 100 ether);
        sent = bound(sent, 0, 100 ether);
        IAvatarNFT.MintVoucher memory voucher = _voucher(alice, AVATAR_ID, 5, price, 1);
        bytes memory signature = _sign(minterKey, voucher);
        vm.deal(alice, sent);
        vm.prank(alice);
        if (sent != price) {
            vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarIncorrectPayment.selector, price, sent));
        }
        avatar.mintWithVoucher{value: sent}(voucher, signature);
        assertEq(address(avatar).balance, sent == price ? price : 0);
    }

    function testFuzz_royaltyInfo_rate(uint96 bps, uint256 salePrice) public {
        bps = uint96(bound(bps, 0, 1000));
        salePrice = bound(salePrice, 0, 1e30);
        uint256 tokenId = _mint(alice, AVATAR_ID, 1);
        vm.prank(admin);
        avatar.setRoyaltyBps(bps);
        (, uint256 amount) = avatar.royaltyInfo(tokenId, salePrice);
        assertEq(amount, salePrice * bps / 10_000);
        assertLe(amount, salePrice / 10);
    }
}

/// @dev Drives AvatarNFT with random mints, vouchers, transfers, delegations, XP and unauthorized writes.
contract AvatarNFTHandler is Test {
    uint256 private _keyCount;

    function _k() internal returns (bytes32) {
        return keccak256(abi.encode("handler-key", ++_keyCount));
    }

    AvatarNFT internal immutable avatar;
    ValidationRegistry internal immutable validation;
    address internal immutable minter;
    uint256 internal immutable minterKey;
    address internal immutable verifier;

    uint256[] public avatarIds;
    mapping(uint256 avatarId => uint16 maxEditions) public maxEditionsOf;
    mapping(uint256 avatarId => uint256 count) public ghostMinted;
    mapping(uint256 tokenId => uint256 xp) public ghostXp;
    uint256 public unauthorizedSuccesses;
    uint256 public voucherNonce;
    address[] internal actors;

    constructor(AvatarNFT avatar_, ValidationRegistry validation_, address minter_, uint256 minterKey_, address verifier_) {
        avatar = avatar_;
        validation = validation_;
        minter = minter_;
        minterKey = minterKey_;
        verifier = verifier_;
        for (uint256 i = 1; i <= 4; ++i) {
            avatarIds.push(i);
            maxEditionsOf[i] = uint16(i * 2); // forge-lint: disable-line(unsafe-typecast) 2, 4, 6, 8
            actors.push(makeAddr(string.concat("actor", vm.toString(i))));
        }
    }

    function avatarCount() external view returns (uint256) {
        return avatarIds.length;
    }

    function mint(uint256 avatarSeed, uint256 actorSeed) external {
        uint256 avatarId = avatarIds[avatarSeed % avatarIds.length];
        vm.prank(minter);
        try avatar.mint(_actor(actorSeed), avatarId, IAvatarNFT.AgentType.HACKER, maxEditionsOf[avatarId], "", _k()) {
            ++ghostMinted[avatarId];
        } catch {}
    }

    function mintWithVoucher(uint256 avatarSeed, uint256 actorSeed, uint256 price) external {
        uint256 avatarId = avatarIds[avatarSeed % avatarIds.length];
        address to = _actor(actorSeed);
        price = bound(price, 0, 1 ether);
        IAvatarNFT.MintVoucher memory voucher = IAvatarNFT.MintVoucher({
            to: to,
            avatarId: avatarId,
            agentType: IAvatarNFT.AgentType.HACKER,
            maxEditions: maxEditionsOf[avatarId],
            price: price,
            nonce: ++voucherNonce,
            deadline: block.timestamp + 1 hours,
            uri: ""
        });
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(minterKey, avatar.hashVoucher(voucher));
        vm.deal(to, price);
        vm.prank(to);
        try avatar.mintWithVoucher{value: price}(voucher, abi.encodePacked(r, s, v)) {
            ++ghostMinted[avatarId];
        } catch {}
    }

    function transfer(uint256 tokenSeed, uint256 actorSeed) external {
        uint256 total = avatar.totalMinted();
        if (total == 0) return;
        uint256 tokenId = 1 + tokenSeed % total;
        address owner = avatar.ownerOf(tokenId);
        vm.prank(owner);
        avatar.transferFrom(owner, _actor(actorSeed), tokenId);
    }

    function setUser(uint256 tokenSeed, uint256 actorSeed, uint64 duration) external {
        uint256 total = avatar.totalMinted();
        if (total == 0) return;
        uint256 tokenId = 1 + tokenSeed % total;
        duration = uint64(bound(duration, 0, 30 days));
        vm.prank(avatar.ownerOf(tokenId));
        avatar.setUser(tokenId, _actor(actorSeed), uint64(block.timestamp) + duration);
    }

    function warp(uint256 seconds_) external {
        vm.warp(block.timestamp + bound(seconds_, 0, 10 days));
    }

    function awardExperience(uint256 tokenSeed, uint256 amount) external {
        uint256 total = avatar.totalMinted();
        if (total == 0) return;
        uint256 tokenId = 1 + tokenSeed % total;
        amount = bound(amount, 0, 10_000);
        bytes32 requestHash = _k();
        vm.startPrank(verifier);
        validation.validationRequest(verifier, tokenId, "r", requestHash);
        validation.validationResponse(requestHash, 100, "e", bytes32(0), "t");
        avatar.awardExperience(requestHash, amount);
        // A re-submission never adds XP twice.
        try avatar.awardExperience(requestHash, amount) {
            ++unauthorizedSuccesses;
        } catch {}
        vm.stopPrank();
        ghostXp[tokenId] += amount;
    }

    /// @dev Anyone without a role tries every role-gated write; none may succeed.
    function unauthorizedWrite(uint256 actorSeed, uint256 tokenSeed, uint8 which) external {
        address caller = _actor(actorSeed);
        uint256 total = avatar.totalMinted();
        uint256 tokenId = total == 0 ? 1 : 1 + tokenSeed % total;
        vm.startPrank(caller);
        bool ok;
        which = which % 5;
        if (which == 0) {
            try avatar.mint(caller, 1, IAvatarNFT.AgentType.HACKER, 2, "", _k()) {
                ok = true;
            } catch {}
        } else if (which == 1) {
            try avatar.awardExperience(bytes32(tokenId), 1) {
                ok = true;
            } catch {}
        } else if (which == 2) {
            try avatar.setSkill(tokenId, 1, 1) {
                ok = true;
            } catch {}
        } else if (which == 3) {
            // Only the series creator may move proceeds: a success by anyone else is a breach.
            address creator = avatar.seriesOf(1).creator;
            try avatar.setSeriesCreator(1, caller) {
                ok = caller != creator;
            } catch {}
        } else {
            try avatar.setBaseURI("evil") {
                ok = true;
            } catch {}
        }
        vm.stopPrank();
        if (ok) ++unauthorizedSuccesses;
    }

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % actors.length];
    }
}

contract AvatarNFTInvariantTest is StdInvariant, BaseTest {
    AvatarNFTHandler internal handler;

    function setUp() public override {
        super.setUp();
        handler = new AvatarNFTHandler(avatar, validation, minter, minterKey, verifier);
        targetContract(address(handler));
    }

    /// Supply never exceeds max editions, and each series counts exactly its successful mints.
    function invariant_supplyNeverExceedsMaxEditions() public view {
        uint256 sum;
        for (uint256 i; i < handler.avatarCount(); ++i) {
            uint256 avatarId = handler.avatarIds(i);
            IAvatarNFT.Series memory series = avatar.seriesOf(avatarId);
            assertLe(series.minted, handler.maxEditionsOf(avatarId));
            assertEq(series.minted, handler.ghostMinted(avatarId));
            sum += series.minted;
        }
        assertEq(avatar.totalMinted(), sum);
    }

    /// Edition numbers are 1..minted within each series.
    function invariant_editionsWithinSeries() public view {
        uint256 total = avatar.totalMinted();
        for (uint256 tokenId = 1; tokenId <= total; ++tokenId) {
            IAvatarNFT.Avatar memory info = avatar.avatarOf(tokenId);
            assertGe(info.edition, 1);
            assertLe(info.edition, avatar.seriesOf(info.avatarId).minted);
        }
    }

    /// Only role holders write: no unauthorized call ever succeeded, and XP equals what the verifier added.
    function invariant_onlyRolesWrite() public view {
        assertEq(handler.unauthorizedSuccesses(), 0);
        uint256 total = avatar.totalMinted();
        for (uint256 tokenId = 1; tokenId <= total; ++tokenId) {
            assertEq(avatar.experienceOf(tokenId), handler.ghostXp(tokenId));
        }
        assertEq(avatar.baseURI(), BASE_URI);
    }

    /// A delegation never outlives its expiry.
    function invariant_delegationExpires() public view {
        uint256 total = avatar.totalMinted();
        for (uint256 tokenId = 1; tokenId <= total; ++tokenId) {
            if (block.timestamp > avatar.userExpires(tokenId)) assertEq(avatar.userOf(tokenId), address(0));
        }
    }
}

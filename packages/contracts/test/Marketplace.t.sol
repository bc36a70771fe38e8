// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControlDefaultAdminRules} from "@openzeppelin/contracts/access/extensions/IAccessControlDefaultAdminRules.sol";
import {StdInvariant} from "forge-std/StdInvariant.sol";
import {Test} from "forge-std/Test.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {AvatarNFT} from "../contracts/AvatarNFT.sol";
import {Marketplace} from "../contracts/Marketplace.sol";
import {IAvatarNFT} from "../contracts/interfaces/IAvatarNFT.sol";
import {IMarketplace} from "../contracts/interfaces/IMarketplace.sol";
import {EthRejecter, Reenterer} from "./utils/Actors.sol";
import {BaseTest} from "./utils/BaseTest.sol";

contract MarketplaceTest is BaseTest {
    uint256 internal constant AVATAR_ID = 20;
    uint256 internal constant PRICE = 0.25 ether;
    uint256 internal constant SKILL_ID = 4;
    uint256 internal aliceToken; // edition 1, alice is the series creator

    function setUp() public override {
        super.setUp();
        aliceToken = _mint(alice, AVATAR_ID, 3);
        vm.deal(bob, 10 ether);
        vm.deal(carol, 10 ether);
    }

    function _listEdition() internal {
        vm.prank(alice);
        market.setEditionPrice(AVATAR_ID, PRICE);
    }

    /// @dev alice's token gets the skill at 80 and lists it at 70 for 0.05 ETH; bob owns a token to buy into.
    function _listSkill() internal returns (uint256 listingId, uint256 bobToken) {
        vm.prank(verifier);
        avatar.setSkill(aliceToken, SKILL_ID, 80);
        vm.prank(alice);
        listingId = market.listSkill(aliceToken, SKILL_ID, 70, 0.05 ether, 0);
        bobToken = _mint(bob, 99, 1);
    }

    // ------------------------------------------------------------------ constructor and admin

    function test_constructor_setsConfig() public view {
        assertTrue(market.hasRole(market.DEFAULT_ADMIN_ROLE(), admin));
        assertEq(market.avatarNFT(), address(avatar));
        assertEq(market.feeRecipient(), feeRecipient);
        assertEq(market.feeBps(), FEE_BPS);
    }

    function test_constructor_revertsOnZeroAddress() public {
        vm.expectRevert(abi.encodeWithSelector(IAccessControlDefaultAdminRules.AccessControlInvalidDefaultAdmin.selector, address(0)));
        new Marketplace(address(0), ADMIN_DELAY, address(avatar), feeRecipient, 0);
        vm.expectRevert(IMarketplace.MarketplaceZeroAddress.selector);
        new Marketplace(admin, ADMIN_DELAY, address(0), feeRecipient, 0);
        vm.expectRevert(IMarketplace.MarketplaceZeroAddress.selector);
        new Marketplace(admin, ADMIN_DELAY, address(avatar), address(0), 0);
    }

    function test_constructor_revertsOnFeeTooHigh() public {
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceFeeTooHigh.selector, 1001, 1000));
        new Marketplace(admin, ADMIN_DELAY, address(avatar), feeRecipient, 1001);
    }

    function test_setFeeBps_updatesFee() public {
        vm.expectEmit(address(market));
        emit IMarketplace.FeeUpdated(1000);
        vm.prank(admin);
        market.setFeeBps(1000);
        assertEq(market.feeBps(), 1000);
    }

    function test_setFeeBps_revertsAboveCap() public {
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceFeeTooHigh.selector, 1001, 1000));
        market.setFeeBps(1001);
    }

    function test_setFeeBps_revertsForNonAdmin() public {
        vm.prank(operator);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        market.setFeeBps(0);
    }

    function test_setFeeRecipient_updatesRecipient() public {
        vm.expectEmit(address(market));
        emit IMarketplace.FeeRecipientUpdated(carol);
        vm.prank(admin);
        market.setFeeRecipient(carol);
        assertEq(market.feeRecipient(), carol);
    }

    function test_setFeeRecipient_revertsOnZeroAddress() public {
        vm.prank(admin);
        vm.expectRevert(IMarketplace.MarketplaceZeroAddress.selector);
        market.setFeeRecipient(address(0));
    }

    function test_setFeeRecipient_revertsForNonAdmin() public {
        vm.prank(stranger);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        market.setFeeRecipient(stranger);
    }

    // ------------------------------------------------------------------ setEditionPrice

    function test_setEditionPrice_byCreator() public {
        vm.expectEmit(address(market));
        emit IMarketplace.EditionPriceSet(AVATAR_ID, alice, PRICE);
        _listEdition();
        assertEq(market.editionPrice(AVATAR_ID), PRICE);
    }

    function test_setEditionPrice_byOperator() public {
        vm.prank(operator);
        market.setEditionPrice(AVATAR_ID, 1 ether);
        assertEq(market.editionPrice(AVATAR_ID), 1 ether);
    }

    function test_setEditionPrice_revertsForOthers() public {
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceNotSeller.selector, bob, alice));
        market.setEditionPrice(AVATAR_ID, 1 ether);
    }

    function test_setEditionPrice_revertsForUnknownSeries() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarUnknownSeries.selector, 77));
        market.setEditionPrice(77, 1 ether);
    }

    // ------------------------------------------------------------------ buyEdition

    function test_buyEdition_mintsNextEditionAndPays() public {
        _listEdition();
        uint256 fee = PRICE * FEE_BPS / 10_000;
        vm.expectEmit(address(market));
        emit IMarketplace.Purchased(bob, IMarketplace.ItemKind.EDITION, AVATAR_ID, 2, alice, PRICE, fee, 0);
        vm.prank(bob);
        uint256 tokenId = market.buyEdition{value: PRICE}(AVATAR_ID);

        assertEq(tokenId, 2);
        assertEq(avatar.ownerOf(tokenId), bob);
        assertEq(avatar.avatarOf(tokenId).edition, 2);
        assertEq(feeRecipient.balance, fee);
        assertEq(alice.balance, PRICE - fee);
        assertEq(bob.balance, 10 ether - PRICE);
        assertEq(address(market).balance, 0);
    }

    function test_buyEdition_refundsExcess() public {
        _listEdition();
        vm.prank(bob);
        market.buyEdition{value: 1 ether}(AVATAR_ID);
        assertEq(bob.balance, 10 ether - PRICE);
        assertEq(address(market).balance, 0);
    }

    function test_buyEdition_revertsWhenNotForSale() public {
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceNotForSale.selector, AVATAR_ID));
        market.buyEdition{value: PRICE}(AVATAR_ID);
    }

    function test_buyEdition_revertsOnInsufficientPayment() public {
        _listEdition();
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceInsufficientPayment.selector, PRICE, PRICE - 1));
        market.buyEdition{value: PRICE - 1}(AVATAR_ID);
    }

    function test_buyEdition_revertsForCreator() public {
        _listEdition();
        vm.deal(alice, 1 ether);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceSelfPurchase.selector, alice));
        market.buyEdition{value: PRICE}(AVATAR_ID);
    }

    function test_buyEdition_revertsWhenSoldOut() public {
        _listEdition();
        vm.prank(bob);
        market.buyEdition{value: PRICE}(AVATAR_ID);
        vm.prank(carol);
        market.buyEdition{value: PRICE}(AVATAR_ID);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IAvatarNFT.AvatarMaxEditionsReached.selector, AVATAR_ID, 3));
        market.buyEdition{value: PRICE}(AVATAR_ID);
        assertEq(avatar.seriesOf(AVATAR_ID).minted, 3);
    }

    function test_buyEdition_revertsOnceDelisted() public {
        _listEdition();
        vm.prank(alice);
        market.setEditionPrice(AVATAR_ID, 0);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceNotForSale.selector, AVATAR_ID));
        market.buyEdition{value: PRICE}(AVATAR_ID);
    }

    function test_buyEdition_creditsSellerThatRejectsEth() public {
        EthRejecter seller = new EthRejecter();
        _mint(address(seller), 30, 2);
        vm.prank(address(seller));
        market.setEditionPrice(30, 1 ether);
        uint256 fee = 1 ether * uint256(FEE_BPS) / 10_000;

        vm.expectEmit(address(market));
        emit IMarketplace.PaymentDeferred(address(seller), 1 ether - fee);
        vm.prank(bob);
        market.buyEdition{value: 1 ether}(30);
        assertEq(market.owedTo(address(seller)), 1 ether - fee);
        assertEq(market.totalOwed(), 1 ether - fee);
        assertEq(address(market).balance, market.totalOwed());

        seller.setAccepting(true);
        vm.expectEmit(address(market));
        emit IMarketplace.PaymentWithdrawn(address(seller), 1 ether - fee);
        seller.execute(address(market), 0, abi.encodeCall(IMarketplace.withdrawPayments, ()));
        assertEq(address(seller).balance, 1 ether - fee);
        assertEq(market.totalOwed(), 0);
        assertEq(address(market).balance, 0);
    }

    function test_buyEdition_revertsWhenRefundRejected() public {
        _listEdition();
        EthRejecter buyer = new EthRejecter();
        vm.deal(address(buyer), 1 ether);
        vm.expectRevert(
            abi.encodeWithSelector(IMarketplace.MarketplaceTransferFailed.selector, address(buyer), 1 ether - PRICE)
        );
        buyer.execute(address(market), 1 ether, abi.encodeCall(IMarketplace.buyEdition, (AVATAR_ID)));
    }

    function test_buyEdition_blocksReentrancyFromReceiverHook() public {
        _listEdition();
        Reenterer attacker = new Reenterer();
        vm.deal(address(attacker), 1 ether);
        attacker.arm(address(market), abi.encodeCall(IMarketplace.buyEdition, (AVATAR_ID)), 0);
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        attacker.buy(address(market), abi.encodeCall(IMarketplace.buyEdition, (AVATAR_ID)), PRICE);
    }

    function test_buyEdition_blocksReentrancyFromSellerPayment() public {
        Reenterer seller = new Reenterer();
        _mint(address(seller), 31, 3);
        vm.prank(address(seller));
        market.setEditionPrice(31, 1 ether);
        seller.arm(address(market), abi.encodeCall(IMarketplace.withdrawPayments, ()), 0);
        // The seller's re-entry fails, so its push payment fails and is credited instead.
        vm.prank(bob);
        market.buyEdition{value: 1 ether}(31);
        assertEq(market.owedTo(address(seller)), 1 ether - 1 ether * uint256(FEE_BPS) / 10_000);
        assertEq(address(market).balance, market.totalOwed());
    }

    // ------------------------------------------------------------------ listSkill / cancelSkillListing

    function test_listSkill_createsListing() public {
        vm.prank(verifier);
        avatar.setSkill(aliceToken, SKILL_ID, 80);
        uint64 expiresAt = uint64(block.timestamp + 7 days);
        vm.expectEmit(address(market));
        emit IMarketplace.SkillListed(1, alice, aliceToken, SKILL_ID, 70, 0.05 ether, expiresAt);
        vm.prank(alice);
        uint256 listingId = market.listSkill(aliceToken, SKILL_ID, 70, 0.05 ether, expiresAt);

        assertEq(listingId, 1);
        assertEq(market.listingCount(), 1);
        IMarketplace.SkillListing memory listing = market.getSkillListing(listingId);
        assertEq(listing.seller, alice);
        assertEq(listing.tokenId, aliceToken);
        assertEq(listing.skillId, SKILL_ID);
        assertEq(listing.proficiency, 70);
        assertEq(listing.price, 0.05 ether);
        assertEq(listing.expiresAt, expiresAt);
        assertTrue(listing.active);
    }

    function test_listSkill_byOperatorForOwner() public {
        vm.prank(verifier);
        avatar.setSkill(aliceToken, SKILL_ID, 80);
        vm.prank(operator);
        uint256 listingId = market.listSkill(aliceToken, SKILL_ID, 80, 0.03 ether, 0);
        assertEq(market.getSkillListing(listingId).seller, alice);
    }

    function test_listSkill_revertsForNonOwner() public {
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceNotTokenOwner.selector, aliceToken, bob));
        market.listSkill(aliceToken, SKILL_ID, 1, 1, 0);
    }

    function test_listSkill_revertsForUnknownToken() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 555));
        market.listSkill(555, SKILL_ID, 1, 1, 0);
    }

    function test_listSkill_revertsOnInvalidProficiency() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceInvalidProficiency.selector, 101));
        market.listSkill(aliceToken, SKILL_ID, 101, 1, 0);
    }

    function test_listSkill_revertsOnZeroPrice() public {
        vm.prank(alice);
        vm.expectRevert(IMarketplace.MarketplaceInvalidPrice.selector);
        market.listSkill(aliceToken, SKILL_ID, 1, 0, 0);
    }

    function test_listSkill_revertsOnPastExpiry() public {
        vm.warp(1000);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceInvalidExpiry.selector, 1000));
        market.listSkill(aliceToken, SKILL_ID, 1, 1, 1000);
    }

    function test_listSkill_revertsWhenSkillMissingOrLower() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceSkillTooLow.selector, aliceToken, SKILL_ID, 0));
        market.listSkill(aliceToken, SKILL_ID, 0, 1, 0);

        vm.prank(verifier);
        avatar.setSkill(aliceToken, SKILL_ID, 50);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceSkillTooLow.selector, aliceToken, SKILL_ID, 51));
        market.listSkill(aliceToken, SKILL_ID, 51, 1, 0);
    }

    function test_cancelSkillListing_bySellerAndOperator() public {
        (uint256 listingId,) = _listSkill();
        vm.expectEmit(address(market));
        emit IMarketplace.SkillListingCancelled(listingId, alice);
        vm.prank(alice);
        market.cancelSkillListing(listingId);
        assertFalse(market.getSkillListing(listingId).active);

        vm.prank(alice);
        uint256 second = market.listSkill(aliceToken, SKILL_ID, 10, 1 ether, 0);
        vm.prank(operator);
        market.cancelSkillListing(second);
        assertFalse(market.getSkillListing(second).active);
    }

    function test_cancelSkillListing_revertsForOthers() public {
        (uint256 listingId,) = _listSkill();
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceNotSeller.selector, bob, alice));
        market.cancelSkillListing(listingId);
    }

    function test_cancelSkillListing_revertsWhenInactive() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceListingNotActive.selector, 9));
        market.cancelSkillListing(9);
    }

    // ------------------------------------------------------------------ buySkill

    function test_buySkill_setsSkillAndPays() public {
        (uint256 listingId, uint256 bobToken) = _listSkill();
        uint256 price = 0.05 ether;
        uint256 fee = price * FEE_BPS / 10_000;
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.SkillUpdated(bobToken, SKILL_ID, 70);
        vm.expectEmit(address(market));
        emit IMarketplace.Purchased(bob, IMarketplace.ItemKind.SKILL, listingId, bobToken, alice, price, fee, 0);
        vm.prank(bob);
        market.buySkill{value: 0.06 ether}(listingId, bobToken);

        (bool has, uint8 proficiency) = avatar.skillOf(bobToken, SKILL_ID);
        assertTrue(has);
        assertEq(proficiency, 70);
        assertEq(alice.balance, price - fee, "creator-seller keeps the royalty share");
        assertEq(feeRecipient.balance, fee);
        assertEq(bob.balance, 10 ether - price);
        assertEq(address(market).balance, 0);
        assertTrue(market.getSkillListing(listingId).active, "a skill listing can be sold again");
    }

    function test_buySkill_paysRoyaltyToCreatorWhenResold() public {
        // alice created series 20; carol owns edition 2 with the skill and sells it.
        uint256 carolToken = _mint(carol, AVATAR_ID, 3);
        vm.prank(verifier);
        avatar.setSkill(carolToken, SKILL_ID, 90);
        vm.prank(carol);
        uint256 listingId = market.listSkill(carolToken, SKILL_ID, 90, 1 ether, 0);
        uint256 bobToken = _mint(bob, 99, 1);

        uint256 fee = 1 ether * uint256(FEE_BPS) / 10_000;
        uint256 royalty = 1 ether * uint256(ROYALTY_BPS) / 10_000;
        vm.expectEmit(address(market));
        emit IMarketplace.Purchased(bob, IMarketplace.ItemKind.SKILL, listingId, bobToken, carol, 1 ether, fee, royalty);
        vm.prank(bob);
        market.buySkill{value: 1 ether}(listingId, bobToken);

        assertEq(alice.balance, royalty);
        assertEq(feeRecipient.balance, fee);
        assertEq(carol.balance, 10 ether + 1 ether - fee - royalty);
    }

    function test_buySkill_revertsWhenInactive() public {
        (uint256 listingId, uint256 bobToken) = _listSkill();
        vm.prank(alice);
        market.cancelSkillListing(listingId);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceListingNotActive.selector, listingId));
        market.buySkill{value: 1 ether}(listingId, bobToken);
    }

    function test_buySkill_revertsWhenExpired() public {
        vm.prank(verifier);
        avatar.setSkill(aliceToken, SKILL_ID, 80);
        uint64 expiresAt = uint64(block.timestamp + 1 days);
        vm.prank(alice);
        uint256 listingId = market.listSkill(aliceToken, SKILL_ID, 70, 0.05 ether, expiresAt);
        uint256 bobToken = _mint(bob, 99, 1);
        vm.warp(uint256(expiresAt) + 1);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceListingExpired.selector, listingId, expiresAt));
        market.buySkill{value: 1 ether}(listingId, bobToken);
    }

    function test_buySkill_revertsWhenSellerTransferredToken() public {
        (uint256 listingId, uint256 bobToken) = _listSkill();
        vm.prank(alice);
        avatar.transferFrom(alice, carol, aliceToken);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceListingStale.selector, listingId, alice, carol));
        market.buySkill{value: 1 ether}(listingId, bobToken);
    }

    function test_buySkill_revertsForSeller() public {
        (uint256 listingId,) = _listSkill();
        vm.deal(alice, 1 ether);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceSelfPurchase.selector, alice));
        market.buySkill{value: 1 ether}(listingId, aliceToken);
    }

    function test_buySkill_revertsForSomeoneElsesToken() public {
        (uint256 listingId, uint256 bobToken) = _listSkill();
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceNotTokenOwner.selector, bobToken, carol));
        market.buySkill{value: 1 ether}(listingId, bobToken);
    }

    function test_buySkill_revertsWhenPayingTwice() public {
        (uint256 listingId, uint256 bobToken) = _listSkill();
        vm.startPrank(bob);
        market.buySkill{value: 0.05 ether}(listingId, bobToken);
        vm.expectRevert(
            abi.encodeWithSelector(IMarketplace.MarketplaceSkillAlreadyOwned.selector, bobToken, SKILL_ID, 70)
        );
        market.buySkill{value: 0.05 ether}(listingId, bobToken);
        vm.stopPrank();
    }

    function test_buySkill_revertsOnInsufficientPayment() public {
        (uint256 listingId, uint256 bobToken) = _listSkill();
        vm.prank(bob);
        vm.expectRevert(
            abi.encodeWithSelector(IMarketplace.MarketplaceInsufficientPayment.selector, 0.05 ether, 0.01 ether)
        );
        market.buySkill{value: 0.01 ether}(listingId, bobToken);
    }

    function test_buySkill_revertsWithoutVerifierRole() public {
        (uint256 listingId, uint256 bobToken) = _listSkill();
        bytes32 role = avatar.VERIFIER_ROLE();
        vm.prank(admin);
        avatar.revokeRole(role, address(market));
        vm.prank(bob);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, address(market), role)
        );
        market.buySkill{value: 0.05 ether}(listingId, bobToken);
    }

    // ------------------------------------------------------------------ withdrawPayments

    function test_withdrawPayments_revertsWhenNothingOwed() public {
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceNothingToWithdraw.selector, bob));
        market.withdrawPayments();
    }

    function test_withdrawPayments_revertsWhenPayeeStillRejects() public {
        EthRejecter seller = new EthRejecter();
        _mint(address(seller), 30, 2);
        vm.prank(address(seller));
        market.setEditionPrice(30, 1 ether);
        vm.prank(bob);
        market.buyEdition{value: 1 ether}(30);
        uint256 owed = market.owedTo(address(seller));
        vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceTransferFailed.selector, address(seller), owed));
        seller.execute(address(market), 0, abi.encodeCall(IMarketplace.withdrawPayments, ()));
        assertEq(market.owedTo(address(seller)), owed, "credit kept");
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_buyEdition_balancesAddUp(uint256 price, uint256 extra, uint16 feeBps) public {
        price = bound(price, 1, 1000 ether);
        extra = bound(extra, 0, 10 ether);
        feeBps = uint16(bound(feeBps, 0, 1000));
        vm.prank(admin);
        market.setFeeBps(feeBps);
        vm.prank(alice);
        market.setEditionPrice(AVATAR_ID, price);
        vm.deal(bob, price + extra);

        vm.prank(bob);
        market.buyEdition{value: price + extra}(AVATAR_ID);

        uint256 fee = price * feeBps / 10_000;
        assertEq(feeRecipient.balance, fee);
        assertEq(alice.balance, price - fee);
        assertEq(bob.balance, extra);
        assertEq(address(market).balance, 0);
    }

    function testFuzz_buySkill_splitAddsUp(uint256 price, uint16 feeBps, uint96 royaltyBps) public {
        price = bound(price, 1, 1000 ether);
        feeBps = uint16(bound(feeBps, 0, 1000));
        royaltyBps = uint96(bound(royaltyBps, 0, 1000));
        vm.startPrank(admin);
        market.setFeeBps(feeBps);
        avatar.setRoyaltyBps(royaltyBps);
        vm.stopPrank();
        uint256 carolToken = _mint(carol, AVATAR_ID, 3);
        vm.prank(verifier);
        avatar.setSkill(carolToken, SKILL_ID, 60);
        vm.prank(carol);
        uint256 listingId = market.listSkill(carolToken, SKILL_ID, 60, price, 0);
        uint256 bobToken = _mint(bob, 99, 1);
        vm.deal(bob, price);
        uint256 carolBefore = carol.balance;

        vm.prank(bob);
        market.buySkill{value: price}(listingId, bobToken);

        uint256 fee = price * feeBps / 10_000;
        uint256 royalty = price * royaltyBps / 10_000;
        assertEq(feeRecipient.balance, fee);
        assertEq(alice.balance, royalty);
        assertEq(carol.balance - carolBefore, price - fee - royalty);
        assertEq(feeRecipient.balance + alice.balance + carol.balance - carolBefore, price);
        assertEq(address(market).balance, 0);
    }

    function testFuzz_listSkill_proficiencyBounds(uint8 proficiency) public {
        vm.prank(verifier);
        avatar.setSkill(aliceToken, SKILL_ID, 100);
        vm.prank(alice);
        if (proficiency > 100) {
            vm.expectRevert(abi.encodeWithSelector(IMarketplace.MarketplaceInvalidProficiency.selector, proficiency));
        }
        market.listSkill(aliceToken, SKILL_ID, proficiency, 1 ether, 0);
    }

    function testFuzz_buySkill_expiry(uint64 lifetime, uint64 elapsed) public {
        lifetime = uint64(bound(lifetime, 1, 365 days));
        elapsed = uint64(bound(elapsed, 0, 730 days));
        vm.prank(verifier);
        avatar.setSkill(aliceToken, SKILL_ID, 100);
        uint64 expiresAt = uint64(block.timestamp) + lifetime;
        vm.prank(alice);
        uint256 listingId = market.listSkill(aliceToken, SKILL_ID, 50, 1 ether, expiresAt);
        uint256 bobToken = _mint(bob, 99, 1);
        vm.warp(block.timestamp + elapsed);
        vm.prank(bob);
        if (elapsed > lifetime) {
            vm.expectRevert(
                abi.encodeWithSelector(IMarketplace.MarketplaceListingExpired.selector, listingId, expiresAt)
            );
        }
        market.buySkill{value: 1 ether}(listingId, bobToken);
    }
}

/// @dev Random edition and skill purchases with random overpayment, some payees rejecting ETH.
contract MarketplaceHandler is Test {
    uint256 private _keyCount;

    function _k() internal returns (bytes32) {
        return keccak256(abi.encode("handler-key", ++_keyCount));
    }

    Marketplace internal immutable market;
    AvatarNFT internal immutable avatar;
    address[] internal buyers;
    uint256[] public avatarIds;
    mapping(uint256 avatarId => uint16 maxEditions) public maxEditionsOf;
    uint256[] public listingIds;
    mapping(address buyer => uint256 tokenId) internal buyerToken;

    /// Wei that left buyers' pockets net of refunds, and wei that reached payees (pushed or withdrawn).
    uint256 public ghostSpent;
    uint256 public ghostPaidOut;
    address[] public payees;

    constructor(
        Marketplace market_,
        AvatarNFT avatar_,
        address minter,
        address verifier,
        address[] memory sellers,
        address feeRecipient
    ) {
        market = market_;
        avatar = avatar_;
        payees.push(feeRecipient);
        for (uint256 i; i < sellers.length; ++i) {
            uint256 avatarId = 100 + i;
            avatarIds.push(avatarId);
            uint16 maxEditions = uint16(3 + i); // forge-lint: disable-line(unsafe-typecast) i < sellers.length, small
            maxEditionsOf[avatarId] = maxEditions;
            vm.prank(minter);
            uint256 tokenId = avatar.mint(sellers[i], avatarId, IAvatarNFT.AgentType.HUSTLER, maxEditions, "", _k());
            vm.prank(sellers[i]);
            market.setEditionPrice(avatarId, 0.1 ether * (i + 1));
            vm.prank(verifier);
            avatar.setSkill(tokenId, 1, 90);
            vm.prank(sellers[i]);
            // forge-lint: disable-next-line(unsafe-typecast) i < sellers.length, small
            listingIds.push(market.listSkill(tokenId, 1, 10 + uint8(i), 0.01 ether * (i + 1), 0));
            payees.push(sellers[i]);
        }
        for (uint256 i; i < 3; ++i) {
            address buyer = makeAddr(string.concat("buyer", vm.toString(i)));
            buyers.push(buyer);
            vm.prank(minter);
            buyerToken[buyer] = avatar.mint(buyer, 200 + i, IAvatarNFT.AgentType.CREATOR, 1, "", _k());
        }
    }

    function avatarCount() external view returns (uint256) {
        return avatarIds.length;
    }

    function payeeCount() external view returns (uint256) {
        return payees.length;
    }

    function buyEdition(uint256 avatarSeed, uint256 buyerSeed, uint256 extra) external {
        address buyer = buyers[buyerSeed % buyers.length];
        uint256 avatarId = avatarIds[avatarSeed % avatarIds.length];
        uint256 value = market.editionPrice(avatarId) + bound(extra, 0, 1 ether);
        vm.deal(buyer, buyer.balance + value);
        uint256 before = buyer.balance;
        vm.prank(buyer);
        try market.buyEdition{value: value}(avatarId) {} catch {}
        ghostSpent += before - buyer.balance;
    }

    function buySkill(uint256 listingSeed, uint256 buyerSeed, uint256 extra) external {
        address buyer = buyers[buyerSeed % buyers.length];
        uint256 listingId = listingIds[listingSeed % listingIds.length];
        uint256 value = market.getSkillListing(listingId).price + bound(extra, 0, 1 ether);
        vm.deal(buyer, buyer.balance + value);
        uint256 before = buyer.balance;
        vm.prank(buyer);
        try market.buySkill{value: value}(listingId, buyerToken[buyer]) {} catch {}
        ghostSpent += before - buyer.balance;
        // Reset the skill so the listing can be bought again later.
        (bool has,) = avatar.skillOf(buyerToken[buyer], 1);
        if (has && listingSeed % 2 == 0) {
            vm.prank(address(market)); // Marketplace holds VERIFIER_ROLE
            avatar.setSkill(buyerToken[buyer], 1, 0);
        }
    }

    function withdraw(uint256 payeeSeed) external {
        address payee = payees[payeeSeed % payees.length];
        uint256 owed = market.owedTo(payee);
        if (owed == 0) return;
        if (payee.code.length != 0) EthRejecter(payable(payee)).setAccepting(true);
        vm.prank(payee);
        market.withdrawPayments();
    }
}

contract MarketplaceInvariantTest is StdInvariant, BaseTest {
    MarketplaceHandler internal handler;
    EthRejecter internal rejectingSeller;

    function setUp() public override {
        super.setUp();
        rejectingSeller = new EthRejecter();
        address[] memory sellers = new address[](3);
        sellers[0] = alice;
        sellers[1] = carol;
        sellers[2] = address(rejectingSeller);
        handler = new MarketplaceHandler(market, avatar, minter, verifier, sellers, feeRecipient);
        targetContract(address(handler));
    }

    /// The marketplace never holds stray ETH: its balance is exactly what it owes to payees.
    function invariant_balanceEqualsOwed() public view {
        assertEq(address(market).balance, market.totalOwed());
        uint256 sum;
        for (uint256 i; i < handler.payeeCount(); ++i) {
            sum += market.owedTo(handler.payees(i));
        }
        assertEq(sum, market.totalOwed());
    }

    /// Money is conserved: what buyers spent equals what payees received plus what is still owed.
    function invariant_balancesAddUp() public view {
        uint256 received;
        for (uint256 i; i < handler.payeeCount(); ++i) {
            received += handler.payees(i).balance;
        }
        assertEq(handler.ghostSpent(), received + market.totalOwed());
    }

    /// Sales never mint past max editions.
    function invariant_editionsNeverExceedMax() public view {
        for (uint256 i; i < handler.avatarCount(); ++i) {
            uint256 avatarId = handler.avatarIds(i);
            assertLe(avatar.seriesOf(avatarId).minted, handler.maxEditionsOf(avatarId));
        }
    }
}

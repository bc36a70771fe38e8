// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControlDefaultAdminRules} from "@openzeppelin/contracts/access/extensions/AccessControlDefaultAdminRules.sol";
import {LowLevelCall} from "@openzeppelin/contracts/utils/LowLevelCall.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IAvatarNFT} from "./interfaces/IAvatarNFT.sol";
import {IMarketplace} from "./interfaces/IMarketplace.sol";

/// @title Marketplace
/// @notice Fixed-price sales of avatar editions and skill listings. See {IMarketplace}.
/// @dev Checks-effects-interactions plus a (transient) re-entrancy guard on every function that moves ETH.
contract Marketplace is AccessControlDefaultAdminRules, ReentrancyGuardTransient, IMarketplace {
    /// @notice Role of the platform server: prices editions and lists skills for custodied tokens.
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    /// @notice Highest platform fee: 10%.
    uint16 public constant MAX_FEE_BPS = 1000;
    /// @notice Highest skill proficiency.
    uint8 public constant MAX_PROFICIENCY = 100;

    IAvatarNFT private immutable _avatarNFT;
    uint16 private _feeBps;
    address private _feeRecipient;
    uint256 private _listingCount;
    uint256 private _totalOwed;

    mapping(uint256 avatarId => uint256 price) private _editionPrices;
    mapping(uint256 listingId => SkillListing) private _listings;
    mapping(address payee => uint256 amount) private _owed;

    /// @param admin Receives DEFAULT_ADMIN_ROLE (the cold key).
    /// @param adminDelay Seconds an admin hand-over must wait (AccessControlDefaultAdminRules).
    /// @param avatarNFT_ The AvatarNFT sold here (this contract needs its MINTER_ROLE and VERIFIER_ROLE).
    /// @param feeRecipient_ Receives platform fees.
    /// @param feeBps_ Platform fee in basis points (at most {MAX_FEE_BPS}).
    constructor(address admin, uint48 adminDelay, address avatarNFT_, address feeRecipient_, uint16 feeBps_)
        AccessControlDefaultAdminRules(adminDelay, admin)
    {
        if (avatarNFT_ == address(0) || feeRecipient_ == address(0)) {
            revert MarketplaceZeroAddress();
        }
        if (feeBps_ > MAX_FEE_BPS) revert MarketplaceFeeTooHigh(feeBps_, MAX_FEE_BPS);
        _avatarNFT = IAvatarNFT(avatarNFT_);
        _feeRecipient = feeRecipient_;
        _feeBps = feeBps_;
    }

    // ------------------------------------------------------------------ editions

    /// @inheritdoc IMarketplace
    function setEditionPrice(uint256 avatarId, uint256 price) external {
        IAvatarNFT.Series memory series = _avatarNFT.seriesOf(avatarId);
        if (series.maxEditions == 0) revert IAvatarNFT.AvatarUnknownSeries(avatarId);
        if (msg.sender != series.creator && !hasRole(OPERATOR_ROLE, msg.sender)) {
            revert MarketplaceNotSeller(msg.sender, series.creator);
        }
        _editionPrices[avatarId] = price;
        emit EditionPriceSet(avatarId, msg.sender, price);
    }

    /// @inheritdoc IMarketplace
    function buyEdition(uint256 avatarId) external payable nonReentrant returns (uint256 tokenId) {
        uint256 price = _editionPrices[avatarId];
        if (price == 0) revert MarketplaceNotForSale(avatarId);
        if (msg.value < price) revert MarketplaceInsufficientPayment(price, msg.value);
        IAvatarNFT.Series memory series = _avatarNFT.seriesOf(avatarId);
        if (msg.sender == series.creator) revert MarketplaceSelfPurchase(msg.sender);

        // AvatarNFT enforces max editions; the buyer's onERC721Received cannot re-enter (guard).
        // Mint key: this market's sale of edition `minted + 1` of the series, unique by construction.
        bytes32 mintKey = keccak256(abi.encode(address(this), avatarId, series.minted));
        tokenId = _avatarNFT.mint(msg.sender, avatarId, series.agentType, series.maxEditions, "", mintKey);
        // The creator is the seller of a primary sale, so the royalty is part of the seller's share.
        _settle(ItemKind.EDITION, avatarId, tokenId, series.creator, price, address(0), 0);
    }

    // ------------------------------------------------------------------ skills

    /// @inheritdoc IMarketplace
    function listSkill(uint256 tokenId, uint256 skillId, uint8 proficiency, uint256 price, uint64 expiresAt)
        external
        returns (uint256 listingId)
    {
        address seller = _avatarNFT.ownerOf(tokenId);
        if (msg.sender != seller && !hasRole(OPERATOR_ROLE, msg.sender)) {
            revert MarketplaceNotTokenOwner(tokenId, msg.sender);
        }
        if (proficiency > MAX_PROFICIENCY) revert MarketplaceInvalidProficiency(proficiency);
        if (price == 0) revert MarketplaceInvalidPrice();
        if (expiresAt != 0 && expiresAt <= block.timestamp) revert MarketplaceInvalidExpiry(expiresAt);
        (bool has, uint8 sellerProficiency) = _avatarNFT.skillOf(tokenId, skillId);
        if (!has || sellerProficiency < proficiency) revert MarketplaceSkillTooLow(tokenId, skillId, proficiency);

        unchecked {
            // One listing per call; 2^256 listings are unreachable.
            listingId = ++_listingCount;
        }
        _listings[listingId] = SkillListing({
            seller: seller,
            expiresAt: expiresAt,
            proficiency: proficiency,
            active: true,
            tokenId: tokenId,
            skillId: skillId,
            price: price
        });
        emit SkillListed(listingId, seller, tokenId, skillId, proficiency, price, expiresAt);
    }

    /// @inheritdoc IMarketplace
    function cancelSkillListing(uint256 listingId) external {
        SkillListing storage listing = _listings[listingId];
        if (!listing.active) revert MarketplaceListingNotActive(listingId);
        if (msg.sender != listing.seller && !hasRole(OPERATOR_ROLE, msg.sender)) {
            revert MarketplaceNotSeller(msg.sender, listing.seller);
        }
        listing.active = false;
        emit SkillListingCancelled(listingId, msg.sender);
    }

    /// @inheritdoc IMarketplace
    function buySkill(uint256 listingId, uint256 buyerTokenId) external payable nonReentrant {
        SkillListing memory listing = _listings[listingId];
        if (!listing.active) revert MarketplaceListingNotActive(listingId);
        if (listing.expiresAt != 0 && block.timestamp > listing.expiresAt) {
            revert MarketplaceListingExpired(listingId, listing.expiresAt);
        }
        address currentOwner = _avatarNFT.ownerOf(listing.tokenId);
        if (currentOwner != listing.seller) revert MarketplaceListingStale(listingId, listing.seller, currentOwner);
        if (msg.sender == listing.seller) revert MarketplaceSelfPurchase(msg.sender);
        if (_avatarNFT.ownerOf(buyerTokenId) != msg.sender) revert MarketplaceNotTokenOwner(buyerTokenId, msg.sender);
        (bool has, uint8 current) = _avatarNFT.skillOf(buyerTokenId, listing.skillId);
        if (has && current >= listing.proficiency) {
            revert MarketplaceSkillAlreadyOwned(buyerTokenId, listing.skillId, current);
        }
        if (msg.value < listing.price) revert MarketplaceInsufficientPayment(listing.price, msg.value);

        _avatarNFT.setSkill(buyerTokenId, listing.skillId, listing.proficiency);
        (address royaltyReceiver, uint256 royalty) = _avatarNFT.royaltyInfo(listing.tokenId, listing.price);
        if (royaltyReceiver == listing.seller) royalty = 0;
        _settle(ItemKind.SKILL, listingId, buyerTokenId, listing.seller, listing.price, royaltyReceiver, royalty);
    }

    // ------------------------------------------------------------------ payments and admin

    /// @inheritdoc IMarketplace
    function withdrawPayments() external nonReentrant {
        uint256 amount = _owed[msg.sender];
        if (amount == 0) revert MarketplaceNothingToWithdraw(msg.sender);
        _owed[msg.sender] = 0;
        _totalOwed -= amount;
        emit PaymentWithdrawn(msg.sender, amount);
        if (!LowLevelCall.callNoReturn(msg.sender, amount, "")) revert MarketplaceTransferFailed(msg.sender, amount);
    }

    /// @inheritdoc IMarketplace
    function setFeeBps(uint16 feeBps_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (feeBps_ > MAX_FEE_BPS) revert MarketplaceFeeTooHigh(feeBps_, MAX_FEE_BPS);
        _feeBps = feeBps_;
        emit FeeUpdated(feeBps_);
    }

    /// @inheritdoc IMarketplace
    function setFeeRecipient(address feeRecipient_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (feeRecipient_ == address(0)) revert MarketplaceZeroAddress();
        _feeRecipient = feeRecipient_;
        emit FeeRecipientUpdated(feeRecipient_);
    }

    // ------------------------------------------------------------------ views

    /// @inheritdoc IMarketplace
    function editionPrice(uint256 avatarId) external view returns (uint256) {
        return _editionPrices[avatarId];
    }

    /// @inheritdoc IMarketplace
    function getSkillListing(uint256 listingId) external view returns (SkillListing memory) {
        return _listings[listingId];
    }

    /// @inheritdoc IMarketplace
    function listingCount() external view returns (uint256) {
        return _listingCount;
    }

    /// @inheritdoc IMarketplace
    function owedTo(address payee) external view returns (uint256) {
        return _owed[payee];
    }

    /// @inheritdoc IMarketplace
    function totalOwed() external view returns (uint256) {
        return _totalOwed;
    }

    /// @inheritdoc IMarketplace
    function feeBps() external view returns (uint16) {
        return _feeBps;
    }

    /// @inheritdoc IMarketplace
    function feeRecipient() external view returns (address) {
        return _feeRecipient;
    }

    /// @inheritdoc IMarketplace
    function avatarNFT() external view returns (address) {
        return address(_avatarNFT);
    }

    // ------------------------------------------------------------------ internals

    /// @dev Splits `price` into fee, royalty and the seller's share, emits {Purchased}, then pays out and
    /// refunds the excess. All state is final before the first ETH transfer.
    function _settle(
        ItemKind kind,
        uint256 itemId,
        uint256 tokenId,
        address seller,
        uint256 price,
        address royaltyReceiver,
        uint256 royalty
    ) private {
        uint256 fee = price * _feeBps / 10_000;
        // fee <= price * 10% (MAX_FEE_BPS), so price - fee cannot underflow; cap the royalty to what is left
        // so that a misbehaving royalty source can never make the split exceed the price.
        uint256 remaining = price - fee;
        if (royalty > remaining) royalty = remaining;
        uint256 sellerShare = remaining - royalty;
        uint256 excess = msg.value - price; // msg.value >= price was checked by the caller

        emit Purchased(msg.sender, kind, itemId, tokenId, seller, price, fee, royalty);

        _pay(_feeRecipient, fee);
        _pay(royaltyReceiver, royalty);
        _pay(seller, sellerShare);
        if (excess != 0 && !LowLevelCall.callNoReturn(msg.sender, excess, "")) {
            revert MarketplaceTransferFailed(msg.sender, excess);
        }
    }

    /// @dev Pushes `amount` to `payee`; if the push fails the amount is credited for {withdrawPayments}, so a
    /// payee that rejects ETH cannot block sales. Return data is ignored (no return-bomb copying).
    function _pay(address payee, uint256 amount) private {
        if (amount == 0) return;
        if (!LowLevelCall.callNoReturn(payee, amount, "")) {
            _owed[payee] += amount;
            _totalOwed += amount;
            emit PaymentDeferred(payee, amount);
        }
    }
}

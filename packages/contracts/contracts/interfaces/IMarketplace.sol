// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Marketplace: fixed-price sales of avatar editions and skill listings for ETH
/// @notice Editions: the series creator (or the platform operator for them) sets a price; a buyer pays
/// it and the next edition is minted to the buyer through AvatarNFT (never past max editions).
/// Skills: the owner of an avatar token that has a skill lists it (proficiency, price, optional
/// expiry); a buyer pays and the skill is written onto one of the buyer's own avatar tokens.
/// Every sale takes the platform fee, honours the ERC-2981 royalty of the sold avatar (when the
/// royalty receiver is not the seller), pays the seller, and refunds any excess to the buyer.
/// @dev Payments are pushed; a payee whose receive reverts is credited instead and pulls with
/// {withdrawPayments}, so the contract's balance always equals {totalOwed}. Needs MINTER_ROLE and
/// VERIFIER_ROLE on AvatarNFT. Roles: DEFAULT_ADMIN_ROLE (fee config), OPERATOR_ROLE (the server: sets
/// prices and lists for users whose tokens it holds in custody).
interface IMarketplace {
    /// @notice What a purchase bought.
    enum ItemKind {
        EDITION,
        SKILL
    }

    /// @notice A skill offered for sale.
    /// @param seller Owner of `tokenId` when listed; receives the proceeds.
    /// @param expiresAt Unix time (seconds) after which the listing cannot be bought; 0 = never.
    /// @param proficiency The proficiency the buyer's avatar gets (0-100).
    /// @param active False once cancelled.
    /// @param tokenId The seller's avatar token that has the skill.
    /// @param skillId The app's skill id.
    /// @param price Price in wei.
    struct SkillListing {
        address seller;
        uint64 expiresAt;
        uint8 proficiency;
        bool active;
        uint256 tokenId;
        uint256 skillId;
        uint256 price;
    }

    /// @notice Emitted when an edition price is set; 0 takes the series off sale.
    event EditionPriceSet(uint256 indexed avatarId, address indexed setBy, uint256 price);

    /// @notice Emitted when a skill is listed.
    event SkillListed(
        uint256 indexed listingId,
        address indexed seller,
        uint256 indexed tokenId,
        uint256 skillId,
        uint8 proficiency,
        uint256 price,
        uint64 expiresAt
    );

    /// @notice Emitted when a skill listing is cancelled.
    event SkillListingCancelled(uint256 indexed listingId, address indexed cancelledBy);

    /// @notice Emitted for every sale; the server checks it in the receipt before recording the sale.
    /// @param buyer Who paid.
    /// @param kind EDITION or SKILL.
    /// @param itemId The avatarId (EDITION) or the listingId (SKILL).
    /// @param tokenId The minted edition (EDITION) or the buyer's avatar that got the skill (SKILL).
    /// @param seller Who was paid.
    /// @param price Price in wei (excess sent was refunded).
    /// @param fee Platform fee in wei.
    /// @param royalty Royalty in wei paid to the ERC-2981 receiver.
    event Purchased(
        address indexed buyer,
        ItemKind indexed kind,
        uint256 indexed itemId,
        uint256 tokenId,
        address seller,
        uint256 price,
        uint256 fee,
        uint256 royalty
    );

    /// @notice Emitted when a push payment failed and the amount was credited for {withdrawPayments}.
    event PaymentDeferred(address indexed payee, uint256 amount);

    /// @notice Emitted when a credited payee withdraws.
    event PaymentWithdrawn(address indexed payee, uint256 amount);

    /// @notice Emitted when the admin changes the platform fee.
    event FeeUpdated(uint16 feeBps);

    /// @notice Emitted when the admin changes the fee recipient.
    event FeeRecipientUpdated(address indexed feeRecipient);

    /// @notice The series has no price (not for sale).
    error MarketplaceNotForSale(uint256 avatarId);
    /// @notice The caller may not price this series (not its creator nor an operator).
    error MarketplaceNotSeller(address caller, address seller);
    /// @notice Less ETH than the price was sent.
    error MarketplaceInsufficientPayment(uint256 price, uint256 sent);
    /// @notice The listing does not exist or was cancelled.
    error MarketplaceListingNotActive(uint256 listingId);
    /// @notice The listing's expiry passed.
    error MarketplaceListingExpired(uint256 listingId, uint64 expiresAt);
    /// @notice The seller no longer owns the listed avatar token.
    error MarketplaceListingStale(uint256 listingId, address seller, address owner);
    /// @notice Buyers cannot buy their own listing or edition.
    error MarketplaceSelfPurchase(address buyer);
    /// @notice The caller neither owns the avatar token nor is an operator.
    error MarketplaceNotTokenOwner(uint256 tokenId, address caller);
    /// @notice The seller's avatar lacks the skill at the listed proficiency.
    error MarketplaceSkillTooLow(uint256 tokenId, uint256 skillId, uint8 proficiency);
    /// @notice The buyer's avatar already has the skill at or above the listed proficiency (no paying twice).
    error MarketplaceSkillAlreadyOwned(uint256 tokenId, uint256 skillId, uint8 proficiency);
    /// @notice Prices must be above zero.
    error MarketplaceInvalidPrice();
    /// @notice Proficiency must be 0-100.
    error MarketplaceInvalidProficiency(uint8 proficiency);
    /// @notice The expiry is in the past.
    error MarketplaceInvalidExpiry(uint64 expiresAt);
    /// @notice Fee above {MAX_FEE_BPS}.
    error MarketplaceFeeTooHigh(uint16 feeBps, uint16 maxFeeBps);
    /// @notice Nothing is credited to the caller.
    error MarketplaceNothingToWithdraw(address payee);
    /// @notice Sending ETH failed (refund to the buyer or a withdrawal).
    error MarketplaceTransferFailed(address to, uint256 amount);
    /// @notice An address argument was the zero address.
    error MarketplaceZeroAddress();

    /// @notice Sets the price of the next editions of a series; 0 takes it off sale.
    /// @dev Only the series creator or OPERATOR_ROLE. The series must exist (one edition minted).
    /// @param avatarId The app's avatar id.
    /// @param price Price in wei.
    function setEditionPrice(uint256 avatarId, uint256 price) external;

    /// @notice Buys the next edition of a series; it is minted to the caller.
    /// @dev Refunds `msg.value - price`. Reverts with AvatarMaxEditionsReached when sold out.
    /// Emits {Purchased} with kind EDITION.
    /// @param avatarId The app's avatar id.
    /// @return tokenId The minted edition.
    function buyEdition(uint256 avatarId) external payable returns (uint256 tokenId);

    /// @notice Lists a skill of an avatar token for sale. Only the token owner or OPERATOR_ROLE.
    /// @param tokenId The seller's avatar token (must have the skill at >= `proficiency`).
    /// @param skillId The app's skill id.
    /// @param proficiency The proficiency a buyer gets (0-100).
    /// @param price Price in wei (> 0).
    /// @param expiresAt Unix time (seconds) the listing ends; 0 = never.
    /// @return listingId The new listing (ids start at 1).
    function listSkill(uint256 tokenId, uint256 skillId, uint8 proficiency, uint256 price, uint64 expiresAt)
        external
        returns (uint256 listingId);

    /// @notice Cancels a skill listing. Only its seller or OPERATOR_ROLE.
    /// @param listingId The listing.
    function cancelSkillListing(uint256 listingId) external;

    /// @notice Buys a skill listing into one of the caller's avatar tokens.
    /// @dev Refunds `msg.value - price`. Emits {Purchased} with kind SKILL; AvatarNFT emits {SkillUpdated}.
    /// @param listingId The listing.
    /// @param buyerTokenId The caller's avatar token that receives the skill.
    function buySkill(uint256 listingId, uint256 buyerTokenId) external payable;

    /// @notice Pays out what failed push payments credited to the caller.
    function withdrawPayments() external;

    /// @notice Sets the platform fee. DEFAULT_ADMIN_ROLE only.
    /// @param feeBps_ Basis points of each price, at most {MAX_FEE_BPS}.
    function setFeeBps(uint16 feeBps_) external;

    /// @notice Sets who receives platform fees. DEFAULT_ADMIN_ROLE only.
    /// @param feeRecipient_ The new recipient.
    function setFeeRecipient(address feeRecipient_) external;

    /// @notice The edition price of a series in wei; 0 = not for sale.
    function editionPrice(uint256 avatarId) external view returns (uint256);

    /// @notice A skill listing (all zero for unknown ids).
    function getSkillListing(uint256 listingId) external view returns (SkillListing memory);

    /// @notice How many skill listings were created (ids run from 1 to this number).
    function listingCount() external view returns (uint256);

    /// @notice Wei credited to `payee` by failed push payments.
    function owedTo(address payee) external view returns (uint256);

    /// @notice Total wei credited to all payees; always equals the contract's balance.
    function totalOwed() external view returns (uint256);

    /// @notice The platform fee in basis points.
    function feeBps() external view returns (uint16);

    /// @notice Who receives platform fees.
    function feeRecipient() external view returns (address);

    /// @notice The AvatarNFT this marketplace sells.
    function avatarNFT() external view returns (address);
}

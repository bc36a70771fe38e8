// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";
import {IERC4906} from "@openzeppelin/contracts/interfaces/IERC4906.sol";
import {IAgentIdentityRegistry} from "./IAgentIdentityRegistry.sol";
import {IERC4907} from "./IERC4907.sol";

/// @title AvatarNFT: AI avatar identities (ERC-721 + ERC-8004 Identity Registry)
/// @notice Every token is an agent (agentId = tokenId). Tokens minted for an app avatar belong to that
/// avatar's *series*: the app's avatar id maps to a series with a fixed agent type and a maximum number
/// of editions; each mint is the next edition. Tokens carry XP (level = 1 + xp / 2500), skills with a
/// proficiency of 0-100, an ERC-4907 user (delegation with an expiry) and ERC-2981 royalties paid to the
/// series creator. Metadata is served by the app under a base URI (ERC-4906 events announce changes).
/// @dev Roles: DEFAULT_ADMIN_ROLE (config, roles, withdrawals to the treasury; a cold key or multisig, handed
/// over only after a delay: AccessControlDefaultAdminRules), MINTER_ROLE (mints, signs mint vouchers; the hot
/// server key and Marketplace), VERIFIER_ROLE (awards XP for validated responses, writes skills; the hot key
/// and Marketplace). No role can redirect a series' proceeds: only the series creator moves them.
/// Metadata rule (one for all tokens): only a token's owner or approved operator changes its agent URI and
/// its metadata (ERC-8004); the reserved key `agentWallet` changes only with the new wallet's signature and
/// is cleared by every transfer; our extension values (series, edition, agent type, XP, skills) are not
/// metadata entries and change only through the minting, validation and skill paths above.
interface IAvatarNFT is IERC4906, IERC2981, IERC4907, IAgentIdentityRegistry {
    /// @notice SPEC §1 avatar types, in the order of `AGENT_TYPES` in packages/domain.
    enum AgentType {
        HACKER,
        CREATOR,
        HUSTLER
    }

    /// @notice The editions of one app avatar.
    /// @param creator Receives royalties and the proceeds of edition sales on the Marketplace.
    /// @param maxEditions How many editions may ever exist (at least 1).
    /// @param minted How many editions were minted so far (never above `maxEditions`).
    /// @param agentType The agent type of every edition.
    struct Series {
        address creator;
        uint16 maxEditions;
        uint16 minted;
        AgentType agentType;
    }

    /// @notice What a token is. Tokens from {register} have avatarId 0 and are edition 1 of 1.
    /// @param avatarId The app's avatar id (the series), 0 for self-registered agents.
    /// @param edition The edition number, from 1.
    /// @param maxEditions The series' maximum editions (1 for self-registered agents).
    /// @param agentType The agent type.
    /// @param xp Experience points.
    /// @param level 1 + xp / 2500.
    struct Avatar {
        uint256 avatarId;
        uint16 edition;
        uint16 maxEditions;
        AgentType agentType;
        uint256 xp;
        uint256 level;
    }

    /// @notice An EIP-712 mint voucher: signed off-chain by a MINTER_ROLE holder, sent by `to`'s wallet.
    /// @param to The recipient, who must also be the sender of {mintWithVoucher}.
    /// @param avatarId The app's avatar id (series).
    /// @param agentType The series' agent type.
    /// @param maxEditions The series' maximum editions.
    /// @param price The exact price in wei to send with the mint.
    /// @param nonce A single-use number chosen by the signer.
    /// @param deadline Unix time (seconds) after which the voucher is refused.
    /// @param uri The token's agent URI; empty for the default (base URI + tokenId).
    struct MintVoucher {
        address to;
        uint256 avatarId;
        AgentType agentType;
        uint16 maxEditions;
        uint256 price;
        uint256 nonce;
        uint256 deadline;
        string uri;
    }

    /// @notice Emitted when the first edition of an app avatar creates its series.
    event SeriesCreated(uint256 indexed avatarId, address indexed creator, AgentType agentType, uint16 maxEditions);

    /// @notice Emitted when a series' creator (royalty and sale proceeds receiver) changes.
    event SeriesCreatorUpdated(uint256 indexed avatarId, address indexed creator);

    /// @notice Emitted for every edition minted (by {mint} or {mintWithVoucher}).
    event AvatarMinted(
        uint256 indexed tokenId,
        uint256 indexed avatarId,
        address indexed to,
        uint16 edition,
        uint16 maxEditions,
        AgentType agentType
    );

    /// @notice Emitted when a mint voucher is redeemed.
    event VoucherRedeemed(uint256 indexed nonce, address indexed signer, uint256 indexed tokenId, uint256 price);

    /// @notice Emitted when a minter cancels an unused voucher nonce.
    event VoucherCancelled(uint256 indexed nonce, address indexed cancelledBy);

    /// @notice Emitted when a token gains XP.
    /// @param amount XP added by this call.
    /// @param totalXp XP after the call.
    /// @param level Level after the call (1 + totalXp / 2500).
    event ExperienceGained(uint256 indexed tokenId, uint256 amount, uint256 totalXp, uint256 level);

    /// @notice Emitted when a token's skill is added or its proficiency changes.
    event SkillUpdated(uint256 indexed tokenId, uint256 indexed skillId, uint8 proficiency);

    /// @notice Emitted when the admin changes the metadata base URI.
    event BaseURIUpdated(string baseURI);

    /// @notice Emitted when the admin changes the royalty rate.
    event RoyaltyUpdated(uint96 royaltyBps);

    /// @notice Emitted when the admin withdraws voucher mint proceeds to the treasury.
    event Withdrawn(address indexed to, uint256 amount);

    /// @notice Emitted when the admin changes the treasury (receiver of withdrawn voucher proceeds).
    event TreasuryUpdated(address indexed treasury);

    /// @notice Emitted when the admin sets the Validation Registry whose responses award XP.
    event ValidationRegistryUpdated(address indexed validationRegistry);

    /// @notice Emitted when a voucher mint credits the series creator's royalty (pulled with {withdrawRoyalties}).
    event RoyaltyCredited(uint256 indexed avatarId, address indexed creator, uint256 amount);

    /// @notice Emitted when a creator pulls credited royalties.
    event RoyaltiesWithdrawn(address indexed creator, uint256 amount);

    /// @notice avatarId 0 is reserved for self-registered agents; ids above 2^128-1 are not supported.
    error AvatarInvalidAvatarId(uint256 avatarId);
    /// @notice A new series needs at least one edition.
    error AvatarInvalidMaxEditions(uint16 maxEditions);
    /// @notice A mint named an existing series with a different agent type or max editions.
    error AvatarSeriesMismatch(uint256 avatarId, AgentType agentType, uint16 maxEditions);
    /// @notice Every edition of the series is minted.
    error AvatarMaxEditionsReached(uint256 avatarId, uint16 maxEditions);
    /// @notice No edition of this avatar id was minted yet.
    error AvatarUnknownSeries(uint256 avatarId);
    /// @notice Proficiency must be 0-100.
    error AvatarInvalidProficiency(uint256 proficiency);
    /// @notice The XP total would not fit in 64 bits.
    error AvatarExperienceOverflow(uint256 tokenId, uint256 amount);
    /// @notice The caller is neither the token owner nor approved for it.
    error AvatarNotOwnerOrApproved(uint256 tokenId, address caller);
    /// @notice The voucher's deadline passed.
    error AvatarVoucherExpired(uint256 deadline, uint256 timestamp);
    /// @notice The voucher's nonce was redeemed or cancelled.
    error AvatarVoucherNonceUsed(uint256 nonce);
    /// @notice The voucher was not signed by a MINTER_ROLE holder (`signer` is whom the signature recovers to).
    error AvatarVoucherInvalidSigner(address signer);
    /// @notice Only the voucher's `to` may redeem it.
    error AvatarVoucherWrongSender(address expected, address sender);
    /// @notice The ETH sent differs from the voucher price.
    error AvatarIncorrectPayment(uint256 expected, uint256 received);
    /// @notice Royalty above the cap.
    error AvatarRoyaltyTooHigh(uint96 royaltyBps, uint96 maxRoyaltyBps);
    /// @notice A withdrawal asked for more than the contract holds.
    error AvatarInsufficientBalance(uint256 requested, uint256 available);
    /// @notice Sending ETH to the withdrawal recipient failed.
    error AvatarWithdrawFailed(address to, uint256 amount);
    /// @notice An address argument was the zero address.
    error AvatarZeroAddress();
    /// @notice The mint key is zero or was already used by an earlier mint (idempotency key: order id).
    error AvatarMintKeyUsed(bytes32 mintKey, uint256 tokenId);
    /// @notice Only the series creator may move a series' proceeds.
    error AvatarNotSeriesCreator(uint256 avatarId, address caller);
    /// @notice `agentWallet` is reserved: set it with {setAgentWallet}.
    error AvatarReservedMetadataKey(string metadataKey);
    /// @notice The wallet signature's deadline passed or lies too far ahead.
    error AvatarWalletDeadline(uint256 deadline, uint256 timestamp);
    /// @notice The signature is not the new wallet's (neither ECDSA nor ERC-1271).
    error AvatarWalletInvalidSignature(address newWallet);
    /// @notice No Validation Registry is configured.
    error AvatarNoValidationRegistry();
    /// @notice XP can only follow a positive response of the caller's own validation.
    error AvatarNotValidated(bytes32 requestHash, address validator, uint8 response);
    /// @notice XP for this validation request was already awarded (idempotency key: request hash).
    error AvatarExperienceAlreadyAwarded(bytes32 requestHash);
    /// @notice Nothing is owed to the caller.
    error AvatarNothingOwed(address creator);

    /// @notice Mints the next edition of an app avatar (creating its series on the first mint).
    /// @dev MINTER_ROLE only. The first mint of `avatarId` records `to` as the series creator.
    /// Emits {SeriesCreated} (first mint), {Transfer}, {Registered} and {AvatarMinted}.
    /// @param to The recipient (the user's wallet or the platform's custody address).
    /// @param avatarId The app's avatar id (1 .. 2^128-1).
    /// @param agentType The agent type; must match the series once it exists.
    /// @param maxEditions The series' maximum editions; must match the series once it exists.
    /// @param agentURI The token's agent URI; empty for base URI + tokenId.
    /// @param mintKey The caller's idempotency key (e.g. keccak256 of an order id), non-zero and used once: a
    /// re-submitted mint reverts with {AvatarMintKeyUsed} instead of minting another edition.
    /// @return tokenId The new token (= agentId).
    function mint(
        address to,
        uint256 avatarId,
        AgentType agentType,
        uint16 maxEditions,
        string calldata agentURI,
        bytes32 mintKey
    ) external returns (uint256 tokenId);

    /// @notice The token minted with a mint key, or 0 when the key is unused (for reconcilers).
    function tokenOfMintKey(bytes32 mintKey) external view returns (uint256);

    /// @notice Mints the next edition to the caller against a mint voucher signed by a MINTER_ROLE holder.
    /// @dev `msg.value` must equal `voucher.price`. Edition caps hold as for {mint}. When the recipient is not
    /// the series creator, the creator's ERC-2981 royalty share of the price is credited to them
    /// ({withdrawRoyalties}); the rest stays in the contract until {withdraw} sends it to the treasury.
    /// Emits the events of {mint} and {VoucherRedeemed}.
    /// @param voucher The voucher (see {MintVoucher}).
    /// @param signature The minter's EIP-712 signature over the voucher (65 bytes r,s,v).
    /// @return tokenId The new token.
    function mintWithVoucher(MintVoucher calldata voucher, bytes calldata signature)
        external
        payable
        returns (uint256 tokenId);

    /// @notice Burns a voucher nonce so that no voucher with it can be redeemed. MINTER_ROLE only.
    /// @param nonce The nonce to cancel.
    function cancelVoucher(uint256 nonce) external;

    /// @notice Changes who receives royalties and sale proceeds of a series. Only the current series creator
    /// may call (its own signed transaction): no platform role can redirect proceeds.
    /// @param avatarId The series.
    /// @param creator The new creator.
    function setSeriesCreator(uint256 avatarId, address creator) external;

    /// @notice Awards XP for a validated task: the Validation Registry's request `requestHash` must name the
    /// caller as validator and carry a response > 0; the agent gets `xp * response / 100`, once per request.
    /// VERIFIER_ROLE only. Level follows (1 + xp / 2500).
    /// @dev Emits {ExperienceGained} and {MetadataUpdate}.
    /// @param requestHash The validation request (ERC-8004 ValidationRegistry).
    /// @param xp Full XP of the task type (awarded at response 100).
    /// @return tokenId The agent.
    /// @return totalXp XP after the call.
    /// @return level Level after the call.
    function awardExperience(bytes32 requestHash, uint256 xp)
        external
        returns (uint256 tokenId, uint256 totalXp, uint256 level);

    /// @notice Whether XP was awarded for a validation request.
    function isExperienceAwarded(bytes32 requestHash) external view returns (bool);

    /// @notice Sets the Validation Registry read by {awardExperience}. DEFAULT_ADMIN_ROLE only.
    function setValidationRegistry(address validationRegistry_) external;

    /// @notice The Validation Registry read by {awardExperience} (zero until set).
    function validationRegistry() external view returns (address);

    /// @notice Adds a skill to a token or sets its proficiency. VERIFIER_ROLE only.
    /// @dev Emits {SkillUpdated} and {MetadataUpdate}.
    /// @param tokenId The token.
    /// @param skillId The app's skill id.
    /// @param proficiency 0-100.
    function setSkill(uint256 tokenId, uint256 skillId, uint8 proficiency) external;

    /// @notice Raises a skill's proficiency (adding the skill at 0 first if absent), capped at 100.
    /// VERIFIER_ROLE only.
    /// @dev Emits {SkillUpdated} and {MetadataUpdate}.
    /// @param tokenId The token.
    /// @param skillId The app's skill id.
    /// @param amount Points to add.
    /// @return proficiency The proficiency after the call.
    function addSkillProficiency(uint256 tokenId, uint256 skillId, uint8 amount) external returns (uint8 proficiency);

    /// @notice Sets the metadata base URI: tokenURI = baseURI + tokenId unless an agent URI is set.
    /// DEFAULT_ADMIN_ROLE only. Emits {BaseURIUpdated} and {BatchMetadataUpdate}.
    /// @param baseURI_ The new base URI, e.g. "https://app.example/api/nft/avatars/".
    function setBaseURI(string calldata baseURI_) external;

    /// @notice Sets the ERC-2981 royalty rate paid to series creators. DEFAULT_ADMIN_ROLE only.
    /// @param royaltyBps_ Basis points of the sale price, at most {MAX_ROYALTY_BPS}.
    function setRoyaltyBps(uint96 royaltyBps_) external;

    /// @notice Sends voucher mint proceeds (never creators' credited royalties) to the treasury.
    /// DEFAULT_ADMIN_ROLE only. Emits {Withdrawn}.
    /// @param amount Wei to send.
    function withdraw(uint256 amount) external;

    /// @notice Sets the treasury that receives {withdraw}. DEFAULT_ADMIN_ROLE only.
    function setTreasury(address treasury_) external;

    /// @notice The treasury address.
    function treasury() external view returns (address);

    /// @notice Sends the caller the royalties credited to it by voucher mints. Emits {RoyaltiesWithdrawn}.
    function withdrawRoyalties() external;

    /// @notice Royalties credited to `creator` and not yet withdrawn, in wei.
    function royaltiesOwed(address creator) external view returns (uint256);

    /// @notice What a token is (series, edition, type, XP, level). Reverts for unknown tokens.
    /// @param tokenId The token.
    /// @return The token's {Avatar} record.
    function avatarOf(uint256 tokenId) external view returns (Avatar memory);

    /// @notice A series by app avatar id; `maxEditions` is 0 when no edition was minted yet.
    /// @param avatarId The app's avatar id.
    /// @return The {Series} record.
    function seriesOf(uint256 avatarId) external view returns (Series memory);

    /// @notice A token's XP. Reverts for unknown tokens.
    function experienceOf(uint256 tokenId) external view returns (uint256);

    /// @notice A token's level: 1 + xp / 2500. Reverts for unknown tokens.
    function levelOf(uint256 tokenId) external view returns (uint256);

    /// @notice One skill of a token.
    /// @return has Whether the token has the skill.
    /// @return proficiency Its proficiency (0 when absent).
    function skillOf(uint256 tokenId, uint256 skillId) external view returns (bool has, uint8 proficiency);

    /// @notice All skills of a token, in insertion order (a removal-free list).
    /// @return skillIds The app's skill ids.
    /// @return proficiencies The matching proficiencies.
    function skillsOf(uint256 tokenId) external view returns (uint256[] memory skillIds, uint8[] memory proficiencies);

    /// @notice Whether a voucher nonce was redeemed or cancelled.
    function isVoucherNonceUsed(uint256 nonce) external view returns (bool);

    /// @notice The EIP-712 digest a minter signs for `voucher`.
    function hashVoucher(MintVoucher calldata voucher) external view returns (bytes32);

    /// @notice The metadata base URI.
    function baseURI() external view returns (string memory);

    /// @notice The royalty rate in basis points.
    function royaltyBps() external view returns (uint96);

    /// @notice How many tokens were ever minted (token ids run from 1 to this number).
    function totalMinted() external view returns (uint256);
}

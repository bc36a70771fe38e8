// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";

/// @title ArtworkNFT: artworks that avatars make in agent tasks
/// @notice Each artwork records its image URI and its creator: an AvatarNFT token. Its ERC-2981 royalty
/// goes to the user it was made for. tokenURI is an on-chain JSON data URI (name, image, creator).
/// @dev Roles: DEFAULT_ADMIN_ROLE (royalty rate, roles), MINTER_ROLE (the server).
interface IArtworkNFT is IERC2981 {
    /// @notice A minted artwork.
    /// @param creatorTokenId The AvatarNFT token that made it.
    /// @param royaltyReceiver Receives its royalties (the user).
    /// @param imageURI Where the image is served.
    struct Artwork {
        uint256 creatorTokenId;
        address royaltyReceiver;
        string imageURI;
    }

    /// @notice Emitted for every minted artwork.
    event ArtworkMinted(
        uint256 indexed tokenId,
        uint256 indexed creatorTokenId,
        address indexed to,
        address royaltyReceiver,
        string imageURI
    );

    /// @notice Emitted when the admin changes the royalty rate.
    event RoyaltyUpdated(uint96 royaltyBps);

    /// @notice The image URI is empty.
    error ArtworkEmptyImageURI();
    /// @notice Royalty above the cap.
    error ArtworkRoyaltyTooHigh(uint96 royaltyBps, uint96 maxRoyaltyBps);
    /// @notice An address argument was the zero address.
    error ArtworkZeroAddress();
    /// @notice The mint key is zero or was used already (idempotency key, e.g. the task id).
    error ArtworkMintKeyUsed(bytes32 mintKey, uint256 tokenId);

    /// @notice Mints an artwork made by an avatar. MINTER_ROLE only.
    /// @dev Reverts with ERC721NonexistentToken (from AvatarNFT) when `creatorTokenId` does not exist.
    /// Emits {Transfer} and {ArtworkMinted}.
    /// @param to The owner (the user's wallet or the platform's custody address).
    /// @param creatorTokenId The AvatarNFT token that made it.
    /// @param royaltyReceiver Receives royalties (the user's wallet).
    /// @param imageURI Where the image is served.
    /// @param mintKey Non-zero idempotency key (e.g. keccak256 of the task id), accepted once.
    /// @return tokenId The new artwork token (ids start at 1).
    function mint(
        address to,
        uint256 creatorTokenId,
        address royaltyReceiver,
        string calldata imageURI,
        bytes32 mintKey
    ) external returns (uint256 tokenId);

    /// @notice The artwork minted with a mint key, or 0 when unused.
    function tokenOfMintKey(bytes32 mintKey) external view returns (uint256);

    /// @notice Sets the royalty rate of every artwork. DEFAULT_ADMIN_ROLE only.
    /// @param royaltyBps_ Basis points, at most {MAX_ROYALTY_BPS}.
    function setRoyaltyBps(uint96 royaltyBps_) external;

    /// @notice An artwork's record. Reverts for unknown tokens.
    function artworkOf(uint256 tokenId) external view returns (Artwork memory);

    /// @notice The royalty rate in basis points.
    function royaltyBps() external view returns (uint96);

    /// @notice How many artworks were minted.
    function totalMinted() external view returns (uint256);

    /// @notice The AvatarNFT whose tokens are the creators.
    function avatarNFT() external view returns (address);
}

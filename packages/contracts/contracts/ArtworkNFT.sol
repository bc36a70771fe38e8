// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControlDefaultAdminRules} from "@openzeppelin/contracts/access/extensions/AccessControlDefaultAdminRules.sol";
import {IERC165} from "@openzeppelin/contracts/interfaces/IERC165.sol";
import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";
import {IERC721} from "@openzeppelin/contracts/interfaces/IERC721.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {IArtworkNFT} from "./interfaces/IArtworkNFT.sol";

/// @title ArtworkNFT
/// @notice ERC-721 artworks made by avatars, royalties to the user. See {IArtworkNFT}.
contract ArtworkNFT is ERC721, AccessControlDefaultAdminRules, IArtworkNFT {
    using Strings for uint256;
    using Strings for string;

    /// @notice Role that mints artworks (the server).
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    /// @notice Highest royalty rate: 10%.
    uint96 public constant MAX_ROYALTY_BPS = 1000;

    IERC721 private immutable _avatarNFT;
    uint256 private _lastTokenId;
    uint96 private _royaltyBps;

    mapping(uint256 tokenId => Artwork) private _artworks;
    mapping(bytes32 mintKey => uint256 tokenId) private _mintKeys;

    /// @param admin Receives DEFAULT_ADMIN_ROLE (the cold key).
    /// @param adminDelay Seconds an admin hand-over must wait (AccessControlDefaultAdminRules).
    /// @param avatarNFT_ The AvatarNFT whose tokens create artworks.
    /// @param royaltyBps_ Royalty rate in basis points (at most {MAX_ROYALTY_BPS}).
    constructor(address admin, uint48 adminDelay, address avatarNFT_, uint96 royaltyBps_)
        ERC721("Neural Avatar Artwork", "ARTWORK")
        AccessControlDefaultAdminRules(adminDelay, admin)
    {
        if (avatarNFT_ == address(0)) revert ArtworkZeroAddress();
        if (royaltyBps_ > MAX_ROYALTY_BPS) revert ArtworkRoyaltyTooHigh(royaltyBps_, MAX_ROYALTY_BPS);
        _avatarNFT = IERC721(avatarNFT_);
        _royaltyBps = royaltyBps_;
    }

    /// @inheritdoc IArtworkNFT
    function mint(
        address to,
        uint256 creatorTokenId,
        address royaltyReceiver,
        string calldata imageURI,
        bytes32 mintKey
    ) external onlyRole(MINTER_ROLE) returns (uint256 tokenId) {
        if (mintKey == bytes32(0) || _mintKeys[mintKey] != 0) revert ArtworkMintKeyUsed(mintKey, _mintKeys[mintKey]);
        if (royaltyReceiver == address(0)) revert ArtworkZeroAddress();
        if (bytes(imageURI).length == 0) revert ArtworkEmptyImageURI();
        _avatarNFT.ownerOf(creatorTokenId); // reverts for an unknown creator avatar
        unchecked {
            // One token per call; 2^256 mints are unreachable.
            tokenId = ++_lastTokenId;
        }
        _mintKeys[mintKey] = tokenId;
        _artworks[tokenId] = Artwork(creatorTokenId, royaltyReceiver, imageURI);
        _safeMint(to, tokenId);
        emit ArtworkMinted(tokenId, creatorTokenId, to, royaltyReceiver, imageURI);
    }

    /// @inheritdoc IArtworkNFT
    function tokenOfMintKey(bytes32 mintKey) external view returns (uint256) {
        return _mintKeys[mintKey];
    }

    /// @inheritdoc IArtworkNFT
    function setRoyaltyBps(uint96 royaltyBps_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (royaltyBps_ > MAX_ROYALTY_BPS) revert ArtworkRoyaltyTooHigh(royaltyBps_, MAX_ROYALTY_BPS);
        _royaltyBps = royaltyBps_;
        emit RoyaltyUpdated(royaltyBps_);
    }

    /// @inheritdoc IArtworkNFT
    function artworkOf(uint256 tokenId) external view returns (Artwork memory) {
        _requireOwned(tokenId);
        return _artworks[tokenId];
    }

    /// @inheritdoc IArtworkNFT
    function royaltyBps() external view returns (uint96) {
        return _royaltyBps;
    }

    /// @inheritdoc IArtworkNFT
    function totalMinted() external view returns (uint256) {
        return _lastTokenId;
    }

    /// @inheritdoc IArtworkNFT
    function avatarNFT() external view returns (address) {
        return address(_avatarNFT);
    }

    /// @inheritdoc IERC2981
    function royaltyInfo(uint256 tokenId, uint256 salePrice)
        external
        view
        returns (address receiver, uint256 royaltyAmount)
    {
        _requireOwned(tokenId);
        return (_artworks[tokenId].royaltyReceiver, salePrice * _royaltyBps / 10_000);
    }

    /// @notice On-chain JSON metadata: `data:application/json;base64,` of
    /// {"name":"Artwork #<id>","image":"<imageURI>","creatorAvatarTokenId":<id>,"attributes":[...]}.
    /// @param tokenId The artwork.
    /// @return The data URI.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        Artwork storage artwork = _artworks[tokenId];
        string memory creator = artwork.creatorTokenId.toString();
        bytes memory json = abi.encodePacked(
            '{"name":"Artwork #',
            tokenId.toString(),
            '","description":"Made by avatar #',
            creator,
            '","image":"',
            artwork.imageURI.escapeJSON(),
            '","creatorAvatarTokenId":',
            creator,
            ',"attributes":[{"trait_type":"Creator avatar","value":',
            creator,
            "}]}"
        );
        return string.concat("data:application/json;base64,", Base64.encode(json));
    }

    /// @notice ERC-165: ERC-721, metadata, AccessControl, ERC-2981.
    /// @param interfaceId The interface id.
    /// @return Whether the interface is supported.
    function supportsInterface(bytes4 interfaceId) public view override(ERC721, AccessControlDefaultAdminRules, IERC165) returns (bool) {
        return interfaceId == type(IERC2981).interfaceId || super.supportsInterface(interfaceId);
    }
}

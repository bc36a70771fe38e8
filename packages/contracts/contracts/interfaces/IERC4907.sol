// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title ERC-4907: Rental NFT, an extension of ERC-721
/// @notice A token owner grants a "user" the right to use the token until an expiry; ownership stays.
/// @dev See https://eips.ethereum.org/EIPS/eip-4907. The ERC-165 identifier is 0xad092b5c.
interface IERC4907 {
    /// @notice Emitted when the user of a token or its expiry changes (also when it is cleared on transfer).
    /// @param tokenId The token whose user changed.
    /// @param user The new user; the zero address when cleared.
    /// @param expires Unix time (seconds) after which `user` is no longer the user.
    event UpdateUser(uint256 indexed tokenId, address indexed user, uint64 expires);

    /// @notice Sets the user of a token and when that right expires.
    /// @dev Only the owner or an approved address may call. Throws if `tokenId` does not exist.
    /// @param tokenId The token to delegate.
    /// @param user The address allowed to use the token; the zero address clears it.
    /// @param expires Unix time (seconds) until which `user` is the user (inclusive).
    function setUser(uint256 tokenId, address user, uint64 expires) external;

    /// @notice The current user of a token.
    /// @param tokenId The token to query.
    /// @return The user address, or the zero address when there is none or the delegation expired.
    function userOf(uint256 tokenId) external view returns (address);

    /// @notice When the current delegation of a token expires.
    /// @param tokenId The token to query.
    /// @return Unix time (seconds) of the expiry; 0 when no user was ever set or it was cleared.
    function userExpires(uint256 tokenId) external view returns (uint256);
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControlDefaultAdminRules} from "@openzeppelin/contracts/access/extensions/AccessControlDefaultAdminRules.sol";
import {IAvatarNFT} from "./interfaces/IAvatarNFT.sol";
import {IValidationRegistry} from "./interfaces/IValidationRegistry.sol";

/// @title ValidationRegistry
/// @notice ERC-8004 Validation Registry over our Identity Registry (AvatarNFT). Our one extension: holders of
/// REQUESTER_ROLE (the platform's hot key) may request validation for agents of an app series (tokens minted
/// for an avatar made in the app), so the app can have a user's task checked without the user's wallet
/// signing the request. Self-registered agents are requested only by their owner or operator.
/// @dev See {IValidationRegistry}. Roles: DEFAULT_ADMIN_ROLE (cold key, delayed hand-over), REQUESTER_ROLE.
contract ValidationRegistry is AccessControlDefaultAdminRules, IValidationRegistry {
    /// @notice Role that may request validation for agents of an app series.
    bytes32 public constant REQUESTER_ROLE = keccak256("REQUESTER_ROLE");
    /// @notice Highest response (passed).
    uint8 public constant MAX_RESPONSE = 100;

    /// @dev A request and its latest response.
    struct Status {
        address validatorAddress;
        uint8 response;
        uint64 lastUpdate;
        uint256 agentId;
        bytes32 responseHash;
        bool hasResponse;
        string tag;
    }

    IAvatarNFT private immutable _identity;

    mapping(bytes32 requestHash => Status) private _statuses;
    mapping(uint256 agentId => bytes32[]) private _agentValidations;
    mapping(address validator => bytes32[]) private _validatorRequests;

    /// @param admin Receives DEFAULT_ADMIN_ROLE (the cold key).
    /// @param adminDelay Seconds an admin hand-over must wait.
    /// @param identityRegistry_ The Identity Registry (AvatarNFT).
    constructor(address admin, uint48 adminDelay, address identityRegistry_)
        AccessControlDefaultAdminRules(adminDelay, admin)
    {
        if (identityRegistry_ == address(0)) revert ValidationZeroAddress();
        _identity = IAvatarNFT(identityRegistry_);
    }

    /// @inheritdoc IValidationRegistry
    function getIdentityRegistry() external view returns (address) {
        return address(_identity);
    }

    /// @inheritdoc IValidationRegistry
    function validationRequest(address validatorAddress, uint256 agentId, string calldata requestURI, bytes32 requestHash)
        external
    {
        if (validatorAddress == address(0)) revert ValidationZeroAddress();
        if (requestHash == bytes32(0)) revert ValidationInvalidHash();
        if (_statuses[requestHash].validatorAddress != address(0)) revert ValidationRequestExists(requestHash);
        // Reverts for unknown agents (ERC721NonexistentToken).
        if (!_identity.isAuthorizedOrOwner(msg.sender, agentId)) {
            bool platform = hasRole(REQUESTER_ROLE, msg.sender) && _identity.avatarOf(agentId).avatarId != 0;
            if (!platform) revert ValidationNotAuthorized(agentId, msg.sender);
        }
        Status storage status = _statuses[requestHash];
        status.validatorAddress = validatorAddress;
        status.agentId = agentId;
        status.lastUpdate = uint64(block.timestamp);
        _agentValidations[agentId].push(requestHash);
        _validatorRequests[validatorAddress].push(requestHash);
        emit ValidationRequest(validatorAddress, agentId, requestURI, requestHash);
    }

    /// @inheritdoc IValidationRegistry
    function validationResponse(
        bytes32 requestHash,
        uint8 response,
        string calldata responseURI,
        bytes32 responseHash,
        string calldata tag
    ) external {
        Status storage status = _statuses[requestHash];
        if (status.validatorAddress == address(0)) revert ValidationUnknownRequest(requestHash);
        if (msg.sender != status.validatorAddress) revert ValidationNotValidator(requestHash, msg.sender);
        if (response > MAX_RESPONSE) revert ValidationInvalidResponse(response);
        status.response = response;
        status.responseHash = responseHash;
        status.tag = tag;
        status.lastUpdate = uint64(block.timestamp);
        status.hasResponse = true;
        emit ValidationResponse(msg.sender, status.agentId, requestHash, response, responseURI, responseHash, tag);
    }

    /// @inheritdoc IValidationRegistry
    function getValidationStatus(bytes32 requestHash)
        external
        view
        returns (
            address validatorAddress,
            uint256 agentId,
            uint8 response,
            bytes32 responseHash,
            string memory tag,
            uint256 lastUpdate
        )
    {
        Status storage s = _statuses[requestHash];
        if (s.validatorAddress == address(0)) revert ValidationUnknownRequest(requestHash);
        return (s.validatorAddress, s.agentId, s.response, s.responseHash, s.tag, s.lastUpdate);
    }

    /// @inheritdoc IValidationRegistry
    function getSummary(uint256 agentId, address[] calldata validatorAddresses, string calldata tag)
        external
        view
        returns (uint64 count, uint8 averageResponse)
    {
        bytes32[] storage hashes = _agentValidations[agentId];
        bytes32 tagHash = keccak256(bytes(tag));
        uint256 total;
        for (uint256 i; i < hashes.length; ++i) {
            Status storage s = _statuses[hashes[i]];
            if (!s.hasResponse) continue;
            if (bytes(tag).length != 0 && keccak256(bytes(s.tag)) != tagHash) continue;
            if (!_listed(s.validatorAddress, validatorAddresses)) continue;
            total += s.response;
            ++count;
        }
        // forge-lint: disable-next-line(unsafe-typecast) an average of values <= 100 fits uint8
        if (count != 0) averageResponse = uint8(total / count);
    }

    /// @inheritdoc IValidationRegistry
    function getAgentValidations(uint256 agentId) external view returns (bytes32[] memory) {
        return _agentValidations[agentId];
    }

    /// @inheritdoc IValidationRegistry
    function getValidatorRequests(address validatorAddress) external view returns (bytes32[] memory) {
        return _validatorRequests[validatorAddress];
    }

    function _listed(address validator, address[] calldata validators) private pure returns (bool) {
        if (validators.length == 0) return true;
        for (uint256 i; i < validators.length; ++i) {
            if (validators[i] == validator) return true;
        }
        return false;
    }
}

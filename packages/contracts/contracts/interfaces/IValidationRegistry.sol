// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title ERC-8004 (Trustless Agents) Validation Registry
/// @notice An agent's owner or operator asks a named validator to check a piece of its work; the validator
/// answers 0-100 (0 failed, 100 passed) with evidence at a URI. `requestHash` (keccak256 of the request
/// payload served at `requestURI`) identifies a request and is accepted once: it is the idempotency key.
/// @dev Follows the Validation Registry part of https://eips.ethereum.org/EIPS/eip-8004.
interface IValidationRegistry {
    /// @notice Emitted when a validation is requested.
    event ValidationRequest(
        address indexed validatorAddress, uint256 indexed agentId, string requestURI, bytes32 indexed requestHash
    );

    /// @notice Emitted for every response (a validator may answer again: progressive validation).
    event ValidationResponse(
        address indexed validatorAddress,
        uint256 indexed agentId,
        bytes32 indexed requestHash,
        uint8 response,
        string responseURI,
        bytes32 responseHash,
        string tag
    );

    /// @notice The validator address is zero.
    error ValidationZeroAddress();
    /// @notice The request hash is zero.
    error ValidationInvalidHash();
    /// @notice A request with this hash exists already.
    error ValidationRequestExists(bytes32 requestHash);
    /// @notice The caller may not request validation for this agent.
    error ValidationNotAuthorized(uint256 agentId, address caller);
    /// @notice No request with this hash exists.
    error ValidationUnknownRequest(bytes32 requestHash);
    /// @notice Only the validator named in the request may respond.
    error ValidationNotValidator(bytes32 requestHash, address caller);
    /// @notice Responses run from 0 to 100.
    error ValidationInvalidResponse(uint8 response);

    /// @notice The Identity Registry whose agents are validated.
    function getIdentityRegistry() external view returns (address);

    /// @notice Requests validation of an agent's work by `validatorAddress`. The agent's owner or operator
    /// may call (and, as our extension, a REQUESTER_ROLE holder for agents of an app series).
    /// @dev Emits {ValidationRequest}. Reverts for unknown agents (ERC721NonexistentToken).
    /// @param validatorAddress The validator that must answer.
    /// @param agentId The agent.
    /// @param requestURI Where the request payload is served.
    /// @param requestHash keccak256 of the payload; non-zero, accepted once.
    function validationRequest(address validatorAddress, uint256 agentId, string calldata requestURI, bytes32 requestHash)
        external;

    /// @notice The named validator's answer; may be sent again to update it.
    /// @dev Emits {ValidationResponse}.
    /// @param requestHash The request.
    /// @param response 0-100.
    /// @param responseURI Where the evidence is served (optional).
    /// @param responseHash keccak256 of the evidence (optional).
    /// @param tag A free label, e.g. the task type (optional).
    function validationResponse(
        bytes32 requestHash,
        uint8 response,
        string calldata responseURI,
        bytes32 responseHash,
        string calldata tag
    ) external;

    /// @notice A request and its latest response. Reverts for unknown requests.
    /// @return validatorAddress The validator.
    /// @return agentId The agent.
    /// @return response The latest response (0 until answered).
    /// @return responseHash The latest evidence hash.
    /// @return tag The latest tag.
    /// @return lastUpdate Block time of the request or latest response, seconds.
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
        );

    /// @notice Count and average response of the agent's answered requests, filtered by validators (all when
    /// empty) and tag (all when empty).
    function getSummary(uint256 agentId, address[] calldata validatorAddresses, string calldata tag)
        external
        view
        returns (uint64 count, uint8 averageResponse);

    /// @notice Every request hash of an agent, oldest first.
    function getAgentValidations(uint256 agentId) external view returns (bytes32[] memory);

    /// @notice Every request hash addressed to a validator, oldest first.
    function getValidatorRequests(address validatorAddress) external view returns (bytes32[] memory);
}

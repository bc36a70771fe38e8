// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IAvatarNFT} from "./interfaces/IAvatarNFT.sol";
import {ITaskRegistry} from "./interfaces/ITaskRegistry.sol";

/// @title TaskRegistry
/// @notice Records verified avatar tasks once, with reputation, and raises the avatar's XP.
/// @dev Needs VERIFIER_ROLE on AvatarNFT. See {ITaskRegistry}.
contract TaskRegistry is AccessControl, ITaskRegistry {
    /// @notice Role of the trusted verifier (the server's key).
    bytes32 public constant VERIFIER_ROLE = keccak256("VERIFIER_ROLE");
    /// @notice Most reputation scores in one task.
    uint256 public constant MAX_SCORES = 16;
    /// @notice Longest task type or score type, in bytes.
    uint256 public constant MAX_TASK_TYPE_LENGTH = 64;

    /// @dev Running total of one score type for one token, in one slot. int192 cannot overflow: each
    /// score is an int128 and there are fewer than 2^64 of them.
    struct ReputationTotal {
        int192 total;
        uint64 count;
    }

    /// @dev A task packed into three slots plus its type string (one slot for types up to 31 bytes).
    /// tokenId fits 192 bits and xp 64 bits whenever the transaction succeeds: AvatarNFT token ids are
    /// sequential and its XP is a uint64, so larger values make the whole transaction revert.
    struct StoredTask {
        address verifier;
        uint40 recordedAt;
        uint56 blockNumber;
        uint192 tokenId;
        uint64 xp;
        bytes32 dataHash;
        string taskType;
    }

    IAvatarNFT private immutable _avatarNFT;
    uint256 private _taskCount;

    mapping(bytes32 taskId => StoredTask) private _tasks;
    mapping(uint256 tokenId => uint256 count) private _taskCounts;
    mapping(uint256 tokenId => mapping(bytes32 scoreTypeHash => ReputationTotal)) private _reputation;
    mapping(uint256 tokenId => string[] scoreTypes) private _scoreTypes;

    /// @param admin Receives DEFAULT_ADMIN_ROLE.
    /// @param avatarNFT_ The AvatarNFT that grants XP (this contract needs its VERIFIER_ROLE).
    constructor(address admin, address avatarNFT_) {
        if (admin == address(0) || avatarNFT_ == address(0)) revert TaskZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _avatarNFT = IAvatarNFT(avatarNFT_);
    }

    /// @inheritdoc ITaskRegistry
    function recordTask(
        bytes32 taskId,
        uint256 tokenId,
        string calldata taskType,
        bytes32 dataHash,
        uint256 xp,
        Reputation[] calldata scores
    ) external onlyRole(VERIFIER_ROLE) {
        if (taskId == bytes32(0)) revert TaskInvalidId(taskId);
        if (_tasks[taskId].verifier != address(0)) revert TaskAlreadyRecorded(taskId);
        uint256 typeLength = bytes(taskType).length;
        if (typeLength == 0 || typeLength > MAX_TASK_TYPE_LENGTH) revert TaskInvalidType(taskType);
        if (scores.length > MAX_SCORES) revert TaskTooManyScores(scores.length, MAX_SCORES);

        // forge-lint: disable-next-item(unsafe-typecast) see StoredTask: larger values revert the transaction
        _tasks[taskId] = StoredTask({
            verifier: msg.sender,
            recordedAt: uint40(block.timestamp),
            blockNumber: uint56(block.number),
            tokenId: uint192(tokenId),
            xp: uint64(xp),
            dataHash: dataHash,
            taskType: taskType
        });
        unchecked {
            // One increment per recorded task; neither counter can reach 2^256.
            ++_taskCount;
            ++_taskCounts[tokenId];
        }
        emit TaskRecorded(taskId, tokenId, msg.sender, taskType, dataHash, xp);

        for (uint256 i; i < scores.length; ++i) {
            _giveReputation(taskId, tokenId, scores[i]);
        }

        // Interaction last. It also proves the token exists: AvatarNFT reverts for unknown tokens.
        if (xp != 0) {
            _avatarNFT.addExperience(tokenId, xp);
        } else {
            _avatarNFT.ownerOf(tokenId);
        }
    }

    /// @inheritdoc ITaskRegistry
    function getTask(bytes32 taskId) external view returns (Task memory) {
        StoredTask memory task = _tasks[taskId];
        if (task.verifier == address(0)) revert TaskNotFound(taskId);
        return Task({
            tokenId: task.tokenId,
            dataHash: task.dataHash,
            xp: task.xp,
            verifier: task.verifier,
            recordedAt: task.recordedAt,
            blockNumber: task.blockNumber,
            taskType: task.taskType
        });
    }

    /// @inheritdoc ITaskRegistry
    function isRecorded(bytes32 taskId) external view returns (bool) {
        return _tasks[taskId].verifier != address(0);
    }

    /// @inheritdoc ITaskRegistry
    function reputationOf(uint256 tokenId, string calldata scoreType)
        external
        view
        returns (int256 total, uint256 count)
    {
        ReputationTotal memory entry = _reputation[tokenId][keccak256(bytes(scoreType))];
        return (entry.total, entry.count);
    }

    /// @inheritdoc ITaskRegistry
    function scoreTypesOf(uint256 tokenId) external view returns (string[] memory) {
        return _scoreTypes[tokenId];
    }

    /// @inheritdoc ITaskRegistry
    function taskCountOf(uint256 tokenId) external view returns (uint256) {
        return _taskCounts[tokenId];
    }

    /// @inheritdoc ITaskRegistry
    function taskCount() external view returns (uint256) {
        return _taskCount;
    }

    /// @inheritdoc ITaskRegistry
    function avatarNFT() external view returns (address) {
        return address(_avatarNFT);
    }

    function _giveReputation(bytes32 taskId, uint256 tokenId, Reputation calldata reputation) private {
        uint256 length = bytes(reputation.scoreType).length;
        if (length == 0 || length > MAX_TASK_TYPE_LENGTH) revert TaskInvalidScoreType(reputation.scoreType);
        ReputationTotal storage entry = _reputation[tokenId][keccak256(bytes(reputation.scoreType))];
        if (entry.count == 0) _scoreTypes[tokenId].push(reputation.scoreType);
        // Checked arithmetic, though it cannot overflow: see ReputationTotal.
        entry.total += reputation.score;
        unchecked {
            // One increment per score; cannot reach 2^256.
            ++entry.count;
        }
        emit ReputationGiven(tokenId, taskId, reputation.scoreType, reputation.scoreType, reputation.score);
    }
}

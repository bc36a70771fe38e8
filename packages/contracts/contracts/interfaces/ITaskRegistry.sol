// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title TaskRegistry: verified avatar tasks and reputation (ERC-8004 Validation + Reputation roles)
/// @notice The platform's verifier records each verified task once: the avatar token, the task type, a
/// hash of the task data, the XP earned and reputation scores. Recording raises the avatar's XP (and so
/// its level) in AvatarNFT in the same transaction. Reputation comes only from the trusted verifier.
/// @dev Roles: DEFAULT_ADMIN_ROLE (manages roles), VERIFIER_ROLE (the server's key; writes tasks).
interface ITaskRegistry {
    /// @notice One reputation signal of a task, shown in the app as "+score scoreType".
    /// @param score The score; negative values are allowed for negative feedback.
    /// @param scoreType What is scored, e.g. "reliability" or "skill_learn".
    struct Reputation {
        int128 score;
        string scoreType;
    }

    /// @notice A recorded task.
    /// @param tokenId The avatar token (AvatarNFT) that did the task.
    /// @param dataHash keccak256 of the task data the verifier checked (kept off chain).
    /// @param xp XP granted.
    /// @param verifier The verifier that recorded it.
    /// @param recordedAt Block timestamp of the recording.
    /// @param blockNumber Block number of the recording.
    /// @param taskType The task type, e.g. "skill_learn".
    struct Task {
        uint256 tokenId;
        bytes32 dataHash;
        uint256 xp;
        address verifier;
        uint64 recordedAt;
        uint64 blockNumber;
        string taskType;
    }

    /// @notice Emitted once per recorded task (the ERC-8004 validation response).
    event TaskRecorded(
        bytes32 indexed taskId,
        uint256 indexed tokenId,
        address indexed verifier,
        string taskType,
        bytes32 dataHash,
        uint256 xp
    );

    /// @notice Emitted for each reputation score of a recorded task (the ERC-8004 feedback).
    /// @param indexedScoreType The score type, indexed (topic = keccak256 of the string).
    event ReputationGiven(
        uint256 indexed tokenId, bytes32 indexed taskId, string indexed indexedScoreType, string scoreType, int128 score
    );

    /// @notice The task id is zero.
    error TaskInvalidId(bytes32 taskId);
    /// @notice The task id was already recorded.
    error TaskAlreadyRecorded(bytes32 taskId);
    /// @notice No task with this id was recorded.
    error TaskNotFound(bytes32 taskId);
    /// @notice The task type is empty or longer than {MAX_TASK_TYPE_LENGTH} bytes.
    error TaskInvalidType(string taskType);
    /// @notice More scores than {MAX_SCORES} in one task.
    error TaskTooManyScores(uint256 count, uint256 max);
    /// @notice A score type is empty or longer than {MAX_TASK_TYPE_LENGTH} bytes.
    error TaskInvalidScoreType(string scoreType);
    /// @notice An address argument was the zero address.
    error TaskZeroAddress();

    /// @notice Records a verified task, its reputation scores, and grants the XP. VERIFIER_ROLE only.
    /// @dev Emits {TaskRecorded}, then {ReputationGiven} per score; AvatarNFT emits {ExperienceGained}
    /// when `xp` > 0. Reverts when the avatar token does not exist (ERC721NonexistentToken).
    /// @param taskId The app's unique task id (non-zero), e.g. keccak256 of its string id.
    /// @param tokenId The avatar token.
    /// @param taskType The task type (1-64 bytes).
    /// @param dataHash keccak256 of the verified task data.
    /// @param xp XP to add to the avatar.
    /// @param scores Reputation scores (at most {MAX_SCORES}).
    function recordTask(
        bytes32 taskId,
        uint256 tokenId,
        string calldata taskType,
        bytes32 dataHash,
        uint256 xp,
        Reputation[] calldata scores
    ) external;

    /// @notice A recorded task. Reverts with {TaskNotFound} for unknown ids.
    /// @param taskId The task id.
    /// @return The {Task} record.
    function getTask(bytes32 taskId) external view returns (Task memory);

    /// @notice Whether a task id was recorded.
    function isRecorded(bytes32 taskId) external view returns (bool);

    /// @notice Sum and count of the scores of one type given to a token.
    /// @param tokenId The avatar token.
    /// @param scoreType The score type.
    /// @return total The sum of scores.
    /// @return count How many scores were given.
    function reputationOf(uint256 tokenId, string calldata scoreType)
        external
        view
        returns (int256 total, uint256 count);

    /// @notice The score types a token has received, in first-seen order.
    function scoreTypesOf(uint256 tokenId) external view returns (string[] memory);

    /// @notice How many tasks were recorded for a token.
    function taskCountOf(uint256 tokenId) external view returns (uint256);

    /// @notice How many tasks were recorded in total.
    function taskCount() external view returns (uint256);

    /// @notice The AvatarNFT whose XP this registry raises.
    function avatarNFT() external view returns (address);
}

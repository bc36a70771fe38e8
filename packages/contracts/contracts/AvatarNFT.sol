// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControlDefaultAdminRules} from "@openzeppelin/contracts/access/extensions/AccessControlDefaultAdminRules.sol";
import {IERC165} from "@openzeppelin/contracts/interfaces/IERC165.sol";
import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Utils} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Utils.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {EnumerableMap} from "@openzeppelin/contracts/utils/structs/EnumerableMap.sol";
import {IAgentIdentityRegistry} from "./interfaces/IAgentIdentityRegistry.sol";
import {IAvatarNFT} from "./interfaces/IAvatarNFT.sol";
import {IERC4907} from "./interfaces/IERC4907.sol";
import {IValidationRegistry} from "./interfaces/IValidationRegistry.sol";

/// @title AvatarNFT
/// @notice AI avatar identities: ERC-721 + ERC-8004 Identity Registry, editions per app avatar, XP and
/// level, skills, ERC-4907 delegation, ERC-2981 royalties, ERC-4906 metadata events, EIP-712 mint vouchers.
/// @dev See {IAvatarNFT} for the behaviour of every external function.
contract AvatarNFT is ERC721, AccessControlDefaultAdminRules, EIP712, IAvatarNFT {
    using EnumerableMap for EnumerableMap.UintToUintMap;
    using Strings for uint256;

    /// @notice Role that mints, signs mint vouchers and manages series creators.
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    /// @notice Role that awards XP for validated responses and writes skills (hot server key, Marketplace).
    bytes32 public constant VERIFIER_ROLE = keccak256("VERIFIER_ROLE");
    /// @notice XP per level: level = 1 + xp / XP_PER_LEVEL (SPEC §2 Analytics: the bar cycles every 2500).
    uint256 public constant XP_PER_LEVEL = 2500;
    /// @notice Highest skill proficiency.
    uint8 public constant MAX_PROFICIENCY = 100;
    /// @notice Highest royalty rate: 10%.
    uint96 public constant MAX_ROYALTY_BPS = 1000;
    /// @notice EIP-712 type of {MintVoucher}; the enum is encoded as uint8.
    bytes32 public constant MINT_VOUCHER_TYPEHASH = keccak256(
        "MintVoucher(address to,uint256 avatarId,uint8 agentType,uint16 maxEditions,uint256 price,uint256 nonce,uint256 deadline,string uri)"
    );

    /// @notice EIP-712 type the new agent wallet signs (ERC-8004 reference implementation).
    bytes32 public constant AGENT_WALLET_SET_TYPEHASH =
        keccak256("AgentWalletSet(uint256 agentId,address newWallet,address owner,uint256 deadline)");
    /// @notice Longest a wallet signature may be valid ahead of the block time, in seconds.
    uint256 public constant MAX_WALLET_DEADLINE_DELAY = 5 minutes;
    /// @dev keccak256 of the reserved metadata key.
    bytes32 private constant _AGENT_WALLET_KEY_HASH = keccak256("agentWallet");

    /// @dev ERC-165 id of ERC-4907.
    bytes4 private constant _INTERFACE_ID_ERC4907 = 0xad092b5c;
    /// @dev ERC-165 id of ERC-4906.
    bytes4 private constant _INTERFACE_ID_ERC4906 = 0x49064906;

    /// @dev Per-token record packed in one slot (avatarId 128 + xp 64 + edition 16 + agentType 8 bits).
    struct TokenData {
        uint128 avatarId;
        uint64 xp;
        uint16 edition;
        AgentType agentType;
    }

    /// @dev ERC-4907 delegation.
    struct UserInfo {
        address user;
        uint64 expires;
    }

    uint256 private _lastTokenId;
    uint96 private _royaltyBps;
    string private _baseTokenURI;

    mapping(uint256 tokenId => TokenData) private _tokens;
    mapping(uint256 avatarId => Series) private _series;
    mapping(uint256 tokenId => string agentURI) private _agentURIs;
    mapping(uint256 agentId => mapping(string metadataKey => bytes metadataValue)) private _metadata;
    mapping(uint256 tokenId => UserInfo) private _users;
    mapping(uint256 tokenId => EnumerableMap.UintToUintMap skillIdToProficiency) private _skills;
    mapping(uint256 nonce => bool used) private _usedNonces;
    mapping(uint256 agentId => address wallet) private _agentWallets;
    mapping(bytes32 mintKey => uint256 tokenId) private _mintKeys;
    mapping(bytes32 requestHash => bool awarded) private _awarded;
    mapping(address creator => uint256 wei_) private _royaltiesOwed;
    uint256 private _totalOwed;
    address private _treasury;
    IValidationRegistry private _validationRegistry;

    /// @param admin Receives DEFAULT_ADMIN_ROLE (the cold key; never the hot server key).
    /// @param adminDelay Seconds a DEFAULT_ADMIN_ROLE hand-over must wait (AccessControlDefaultAdminRules).
    /// @param treasury_ Receives withdrawn voucher proceeds.
    /// @param baseURI_ Initial metadata base URI (may be empty).
    /// @param royaltyBps_ Initial royalty rate in basis points (at most {MAX_ROYALTY_BPS}).
    constructor(address admin, uint48 adminDelay, address treasury_, string memory baseURI_, uint96 royaltyBps_)
        ERC721("Neural Avatar", "AVATAR")
        EIP712("AvatarNFT", "1")
        AccessControlDefaultAdminRules(adminDelay, admin)
    {
        if (treasury_ == address(0)) revert AvatarZeroAddress();
        if (royaltyBps_ > MAX_ROYALTY_BPS) revert AvatarRoyaltyTooHigh(royaltyBps_, MAX_ROYALTY_BPS);
        _treasury = treasury_;
        _baseTokenURI = baseURI_;
        _royaltyBps = royaltyBps_;
    }

    // ------------------------------------------------------------------ minting

    /// @inheritdoc IAvatarNFT
    function mint(
        address to,
        uint256 avatarId,
        AgentType agentType,
        uint16 maxEditions,
        string calldata agentURI,
        bytes32 mintKey
    ) external onlyRole(MINTER_ROLE) returns (uint256 tokenId) {
        if (mintKey == bytes32(0) || _mintKeys[mintKey] != 0) revert AvatarMintKeyUsed(mintKey, _mintKeys[mintKey]);
        // The token id is the next one: record the key before the receiver hook can re-enter.
        _mintKeys[mintKey] = _lastTokenId + 1;
        tokenId = _mintEdition(to, avatarId, agentType, maxEditions, agentURI);
    }

    /// @inheritdoc IAvatarNFT
    function tokenOfMintKey(bytes32 mintKey) external view returns (uint256) {
        return _mintKeys[mintKey];
    }

    /// @inheritdoc IAvatarNFT
    function mintWithVoucher(MintVoucher calldata voucher, bytes calldata signature)
        external
        payable
        returns (uint256 tokenId)
    {
        if (msg.sender != voucher.to) revert AvatarVoucherWrongSender(voucher.to, msg.sender);
        if (block.timestamp > voucher.deadline) revert AvatarVoucherExpired(voucher.deadline, block.timestamp);
        if (_usedNonces[voucher.nonce]) revert AvatarVoucherNonceUsed(voucher.nonce);
        if (msg.value != voucher.price) revert AvatarIncorrectPayment(voucher.price, msg.value);
        (address signer, ECDSA.RecoverError err,) = ECDSA.tryRecover(_voucherDigest(voucher), signature);
        if (err != ECDSA.RecoverError.NoError || !hasRole(MINTER_ROLE, signer)) {
            revert AvatarVoucherInvalidSigner(signer);
        }

        _usedNonces[voucher.nonce] = true;
        // Royalty of a sale to someone other than the creator: credited before the mint's receiver hook.
        address creator = _series[voucher.avatarId].creator;
        if (creator != address(0) && creator != voucher.to && voucher.price != 0) {
            uint256 royalty = voucher.price * _royaltyBps / 10_000;
            _royaltiesOwed[creator] += royalty;
            _totalOwed += royalty;
            emit RoyaltyCredited(voucher.avatarId, creator, royalty);
        }
        emit VoucherRedeemed(voucher.nonce, signer, _lastTokenId + 1, voucher.price);
        tokenId = _mintEdition(voucher.to, voucher.avatarId, voucher.agentType, voucher.maxEditions, voucher.uri);
    }

    /// @inheritdoc IAvatarNFT
    function cancelVoucher(uint256 nonce) external onlyRole(MINTER_ROLE) {
        if (_usedNonces[nonce]) revert AvatarVoucherNonceUsed(nonce);
        _usedNonces[nonce] = true;
        emit VoucherCancelled(nonce, msg.sender);
    }

    /// @inheritdoc IAvatarNFT
    function setSeriesCreator(uint256 avatarId, address creator) external {
        if (creator == address(0)) revert AvatarZeroAddress();
        Series storage series = _series[avatarId];
        if (series.maxEditions == 0) revert AvatarUnknownSeries(avatarId);
        if (msg.sender != series.creator) revert AvatarNotSeriesCreator(avatarId, msg.sender);
        series.creator = creator;
        emit SeriesCreatorUpdated(avatarId, creator);
    }

    // ------------------------------------------------------------------ ERC-8004 identity

    /// @inheritdoc IAgentIdentityRegistry
    function register() external returns (uint256 agentId) {
        agentId = _registerAgent(msg.sender, "");
    }

    /// @inheritdoc IAgentIdentityRegistry
    function register(string calldata agentURI) external returns (uint256 agentId) {
        agentId = _registerAgent(msg.sender, agentURI);
    }

    /// @inheritdoc IAgentIdentityRegistry
    function register(string calldata agentURI, MetadataEntry[] calldata metadata) external returns (uint256 agentId) {
        // Mint first without the receiver callback so that the metadata is in place before it runs.
        agentId = _createToken(msg.sender, TokenData(0, 0, 1, AgentType.CREATOR), agentURI);
        for (uint256 i; i < metadata.length; ++i) {
            _requireFreeKey(metadata[i].metadataKey);
            _metadata[agentId][metadata[i].metadataKey] = metadata[i].metadataValue;
            emit MetadataSet(agentId, metadata[i].metadataKey, metadata[i].metadataKey, metadata[i].metadataValue);
        }
        ERC721Utils.checkOnERC721Received(msg.sender, address(0), msg.sender, agentId, "");
    }

    /// @inheritdoc IAgentIdentityRegistry
    function setAgentURI(uint256 agentId, string calldata newURI) external {
        _requireOwnerOrApproved(agentId);
        _agentURIs[agentId] = newURI;
        emit URIUpdated(agentId, newURI, msg.sender);
        emit MetadataUpdate(agentId);
    }

    /// @inheritdoc IAgentIdentityRegistry
    function setMetadata(uint256 agentId, string calldata metadataKey, bytes calldata metadataValue) external {
        _requireOwnerOrApproved(agentId);
        _requireFreeKey(metadataKey);
        _metadata[agentId][metadataKey] = metadataValue;
        emit MetadataSet(agentId, metadataKey, metadataKey, metadataValue);
    }

    /// @inheritdoc IAgentIdentityRegistry
    function getMetadata(uint256 agentId, string calldata metadataKey) external view returns (bytes memory) {
        if (keccak256(bytes(metadataKey)) == _AGENT_WALLET_KEY_HASH) {
            address wallet = _agentWallets[agentId];
            return wallet == address(0) ? bytes("") : abi.encodePacked(wallet);
        }
        return _metadata[agentId][metadataKey];
    }

    /// @inheritdoc IAgentIdentityRegistry
    function setAgentWallet(uint256 agentId, address newWallet, uint256 deadline, bytes calldata signature) external {
        address owner = _requireOwnerOrApproved(agentId);
        if (newWallet == address(0)) revert AvatarZeroAddress();
        if (block.timestamp > deadline || deadline > block.timestamp + MAX_WALLET_DEADLINE_DELAY) {
            revert AvatarWalletDeadline(deadline, block.timestamp);
        }
        bytes32 digest =
            _hashTypedDataV4(keccak256(abi.encode(AGENT_WALLET_SET_TYPEHASH, agentId, newWallet, owner, deadline)));
        // ECDSA for an EOA, ERC-1271 isValidSignature for a contract wallet.
        if (!SignatureChecker.isValidSignatureNow(newWallet, digest, signature)) {
            revert AvatarWalletInvalidSignature(newWallet);
        }
        _setAgentWallet(agentId, newWallet);
    }

    /// @inheritdoc IAgentIdentityRegistry
    function unsetAgentWallet(uint256 agentId) external {
        _requireOwnerOrApproved(agentId);
        _setAgentWallet(agentId, address(0));
    }

    /// @inheritdoc IAgentIdentityRegistry
    function getAgentWallet(uint256 agentId) external view returns (address) {
        _requireOwned(agentId);
        return _agentWallets[agentId];
    }

    /// @inheritdoc IAgentIdentityRegistry
    function isAuthorizedOrOwner(address spender, uint256 agentId) external view returns (bool) {
        address owner = _requireOwned(agentId);
        return _isAuthorized(owner, spender, agentId);
    }

    // ------------------------------------------------------------------ XP and skills

    /// @inheritdoc IAvatarNFT
    function awardExperience(bytes32 requestHash, uint256 xp)
        external
        onlyRole(VERIFIER_ROLE)
        returns (uint256 tokenId, uint256 totalXp, uint256 level)
    {
        IValidationRegistry registry = _validationRegistry;
        if (address(registry) == address(0)) revert AvatarNoValidationRegistry();
        if (_awarded[requestHash]) revert AvatarExperienceAlreadyAwarded(requestHash);
        (address validator, uint256 agentId, uint8 response,,,) = registry.getValidationStatus(requestHash);
        if (validator != msg.sender || response == 0) revert AvatarNotValidated(requestHash, validator, response);
        _awarded[requestHash] = true;
        tokenId = agentId;
        (totalXp, level) = _addExperience(tokenId, xp * response / 100);
    }

    /// @inheritdoc IAvatarNFT
    function isExperienceAwarded(bytes32 requestHash) external view returns (bool) {
        return _awarded[requestHash];
    }

    /// @inheritdoc IAvatarNFT
    function setValidationRegistry(address validationRegistry_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (validationRegistry_ == address(0)) revert AvatarZeroAddress();
        _validationRegistry = IValidationRegistry(validationRegistry_);
        emit ValidationRegistryUpdated(validationRegistry_);
    }

    /// @inheritdoc IAvatarNFT
    function validationRegistry() external view returns (address) {
        return address(_validationRegistry);
    }

    function _addExperience(uint256 tokenId, uint256 amount) private returns (uint256 totalXp, uint256 level) {
        _requireOwned(tokenId);
        TokenData storage data = _tokens[tokenId];
        totalXp = uint256(data.xp) + amount; // checked: amount is caller-supplied
        if (totalXp > type(uint64).max) revert AvatarExperienceOverflow(tokenId, amount);
        // forge-lint: disable-next-line(unsafe-typecast) totalXp <= type(uint64).max was checked above
        data.xp = uint64(totalXp);
        level = _level(totalXp);
        emit ExperienceGained(tokenId, amount, totalXp, level);
        emit MetadataUpdate(tokenId);
    }

    /// @inheritdoc IAvatarNFT
    function setSkill(uint256 tokenId, uint256 skillId, uint8 proficiency) external onlyRole(VERIFIER_ROLE) {
        _requireOwned(tokenId);
        if (proficiency > MAX_PROFICIENCY) revert AvatarInvalidProficiency(proficiency);
        _writeSkill(tokenId, skillId, proficiency);
    }

    /// @inheritdoc IAvatarNFT
    function addSkillProficiency(uint256 tokenId, uint256 skillId, uint8 amount)
        external
        onlyRole(VERIFIER_ROLE)
        returns (uint8 proficiency)
    {
        _requireOwned(tokenId);
        (, uint256 current) = _skills[tokenId].tryGet(skillId);
        // current <= 100 and amount <= 255, so the sum fits easily in uint256.
        uint256 raised = current + amount;
        // forge-lint: disable-next-line(unsafe-typecast) raised <= 100 on this branch
        proficiency = raised > MAX_PROFICIENCY ? MAX_PROFICIENCY : uint8(raised);
        _writeSkill(tokenId, skillId, proficiency);
    }

    // ------------------------------------------------------------------ ERC-4907 delegation

    /// @inheritdoc IERC4907
    function setUser(uint256 tokenId, address user, uint64 expires) external {
        _requireOwnerOrApproved(tokenId);
        _users[tokenId] = UserInfo(user, expires);
        emit UpdateUser(tokenId, user, expires);
    }

    /// @inheritdoc IERC4907
    function userOf(uint256 tokenId) external view returns (address) {
        UserInfo memory info = _users[tokenId];
        return uint256(info.expires) >= block.timestamp ? info.user : address(0);
    }

    /// @inheritdoc IERC4907
    function userExpires(uint256 tokenId) external view returns (uint256) {
        return _users[tokenId].expires;
    }

    // ------------------------------------------------------------------ admin

    /// @inheritdoc IAvatarNFT
    function setBaseURI(string calldata baseURI_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _baseTokenURI = baseURI_;
        emit BaseURIUpdated(baseURI_);
        if (_lastTokenId != 0) emit BatchMetadataUpdate(1, _lastTokenId);
    }

    /// @inheritdoc IAvatarNFT
    function setRoyaltyBps(uint96 royaltyBps_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (royaltyBps_ > MAX_ROYALTY_BPS) revert AvatarRoyaltyTooHigh(royaltyBps_, MAX_ROYALTY_BPS);
        _royaltyBps = royaltyBps_;
        emit RoyaltyUpdated(royaltyBps_);
    }

    /// @inheritdoc IAvatarNFT
    function withdraw(uint256 amount) external onlyRole(DEFAULT_ADMIN_ROLE) {
        uint256 available = address(this).balance - _totalOwed;
        if (amount > available) revert AvatarInsufficientBalance(amount, available);
        address to = _treasury;
        emit Withdrawn(to, amount);
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert AvatarWithdrawFailed(to, amount);
    }

    /// @inheritdoc IAvatarNFT
    function setTreasury(address treasury_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (treasury_ == address(0)) revert AvatarZeroAddress();
        _treasury = treasury_;
        emit TreasuryUpdated(treasury_);
    }

    /// @inheritdoc IAvatarNFT
    function treasury() external view returns (address) {
        return _treasury;
    }

    /// @inheritdoc IAvatarNFT
    function withdrawRoyalties() external {
        uint256 amount = _royaltiesOwed[msg.sender];
        if (amount == 0) revert AvatarNothingOwed(msg.sender);
        _royaltiesOwed[msg.sender] = 0;
        _totalOwed -= amount;
        emit RoyaltiesWithdrawn(msg.sender, amount);
        (bool ok,) = msg.sender.call{value: amount}("");
        if (!ok) revert AvatarWithdrawFailed(msg.sender, amount);
    }

    /// @inheritdoc IAvatarNFT
    function royaltiesOwed(address creator) external view returns (uint256) {
        return _royaltiesOwed[creator];
    }

    // ------------------------------------------------------------------ views

    /// @inheritdoc IAvatarNFT
    function avatarOf(uint256 tokenId) external view returns (Avatar memory) {
        _requireOwned(tokenId);
        TokenData memory data = _tokens[tokenId];
        uint16 maxEditions = data.avatarId == 0 ? 1 : _series[data.avatarId].maxEditions;
        return Avatar(data.avatarId, data.edition, maxEditions, data.agentType, data.xp, _level(data.xp));
    }

    /// @inheritdoc IAvatarNFT
    function seriesOf(uint256 avatarId) external view returns (Series memory) {
        return _series[avatarId];
    }

    /// @inheritdoc IAvatarNFT
    function experienceOf(uint256 tokenId) external view returns (uint256) {
        _requireOwned(tokenId);
        return _tokens[tokenId].xp;
    }

    /// @inheritdoc IAvatarNFT
    function levelOf(uint256 tokenId) external view returns (uint256) {
        _requireOwned(tokenId);
        return _level(_tokens[tokenId].xp);
    }

    /// @inheritdoc IAvatarNFT
    function skillOf(uint256 tokenId, uint256 skillId) external view returns (bool has, uint8 proficiency) {
        (bool exists, uint256 value) = _skills[tokenId].tryGet(skillId);
        // forge-lint: disable-next-line(unsafe-typecast) stored proficiencies are uint8 values <= 100
        return (exists, uint8(value));
    }

    /// @inheritdoc IAvatarNFT
    function skillsOf(uint256 tokenId) external view returns (uint256[] memory skillIds, uint8[] memory proficiencies) {
        EnumerableMap.UintToUintMap storage skills = _skills[tokenId];
        uint256 count = skills.length();
        skillIds = new uint256[](count);
        proficiencies = new uint8[](count);
        for (uint256 i; i < count; ++i) {
            (uint256 skillId, uint256 proficiency) = skills.at(i);
            skillIds[i] = skillId;
            // forge-lint: disable-next-line(unsafe-typecast) stored proficiencies are uint8 values <= 100
            proficiencies[i] = uint8(proficiency);
        }
    }

    /// @inheritdoc IAvatarNFT
    function isVoucherNonceUsed(uint256 nonce) external view returns (bool) {
        return _usedNonces[nonce];
    }

    /// @inheritdoc IAvatarNFT
    function hashVoucher(MintVoucher calldata voucher) external view returns (bytes32) {
        return _voucherDigest(voucher);
    }

    /// @inheritdoc IAvatarNFT
    function baseURI() external view returns (string memory) {
        return _baseTokenURI;
    }

    /// @inheritdoc IAvatarNFT
    function royaltyBps() external view returns (uint96) {
        return _royaltyBps;
    }

    /// @inheritdoc IAvatarNFT
    function totalMinted() external view returns (uint256) {
        return _lastTokenId;
    }

    /// @inheritdoc IERC2981
    /// @dev Royalties go to the series creator; self-registered agents pay their current owner.
    function royaltyInfo(uint256 tokenId, uint256 salePrice)
        external
        view
        returns (address receiver, uint256 royaltyAmount)
    {
        address owner = _requireOwned(tokenId);
        uint128 avatarId = _tokens[tokenId].avatarId;
        receiver = avatarId == 0 ? owner : _series[avatarId].creator;
        royaltyAmount = salePrice * _royaltyBps / 10_000;
    }

    /// @notice The token's agent URI if set; else, for tokens of an app series, base URI + tokenId (the app's
    /// registration file); else (a self-registered agent without URI, or no base URI) the empty string.
    /// @param tokenId The token.
    /// @return The metadata URI.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        string memory agentURI = _agentURIs[tokenId];
        if (bytes(agentURI).length != 0) return agentURI;
        if (_tokens[tokenId].avatarId == 0 || bytes(_baseTokenURI).length == 0) return "";
        return string.concat(_baseTokenURI, tokenId.toString());
    }

    /// @notice ERC-165: ERC-721, metadata, AccessControl(DefaultAdminRules), ERC-2981, ERC-4906, ERC-4907.
    /// @param interfaceId The interface id.
    /// @return Whether the interface is supported.
    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(ERC721, AccessControlDefaultAdminRules, IERC165)
        returns (bool)
    {
        return interfaceId == _INTERFACE_ID_ERC4907 || interfaceId == _INTERFACE_ID_ERC4906
            || interfaceId == type(IERC2981).interfaceId || super.supportsInterface(interfaceId);
    }

    // ------------------------------------------------------------------ internals

    /// @dev ERC-4907: a transfer to another owner ends the delegation. ERC-8004: a transfer clears the agent
    /// wallet (a mint sets it to the first owner in {_createToken}).
    function _update(address to, uint256 tokenId, address auth) internal override returns (address from) {
        from = super._update(to, tokenId, auth);
        if (from != address(0) && from != to && _agentWallets[tokenId] != address(0)) {
            _setAgentWallet(tokenId, address(0));
        }
        UserInfo storage info = _users[tokenId];
        if (from != to && (info.user != address(0) || info.expires != 0)) {
            delete _users[tokenId];
            emit UpdateUser(tokenId, address(0), 0);
        }
    }

    function _mintEdition(
        address to,
        uint256 avatarId,
        AgentType agentType,
        uint16 maxEditions,
        string calldata agentURI
    ) private returns (uint256 tokenId) {
        if (avatarId == 0 || avatarId > type(uint128).max) revert AvatarInvalidAvatarId(avatarId);
        Series storage series = _series[avatarId];
        if (series.maxEditions == 0) {
            if (maxEditions == 0) revert AvatarInvalidMaxEditions(maxEditions);
            if (to == address(0)) revert AvatarZeroAddress();
            series.creator = to;
            series.maxEditions = maxEditions;
            series.agentType = agentType;
            emit SeriesCreated(avatarId, to, agentType, maxEditions);
        } else if (series.maxEditions != maxEditions || series.agentType != agentType) {
            revert AvatarSeriesMismatch(avatarId, series.agentType, series.maxEditions);
        }
        uint16 minted = series.minted;
        if (minted >= series.maxEditions) revert AvatarMaxEditionsReached(avatarId, series.maxEditions);
        uint16 edition;
        unchecked {
            // minted < maxEditions <= type(uint16).max, so minted + 1 fits in uint16.
            edition = minted + 1;
        }
        series.minted = edition;

        // forge-lint: disable-next-line(unsafe-typecast) avatarId <= type(uint128).max was checked above
        tokenId = _createToken(to, TokenData(uint128(avatarId), 0, edition, agentType), agentURI);
        emit AvatarMinted(tokenId, avatarId, to, edition, maxEditions, agentType);
        // Interaction last: the receiver hook runs after every state change and event.
        ERC721Utils.checkOnERC721Received(msg.sender, address(0), to, tokenId, "");
    }

    function _registerAgent(address to, string memory agentURI) private returns (uint256 agentId) {
        agentId = _createToken(to, TokenData(0, 0, 1, AgentType.CREATOR), agentURI);
        ERC721Utils.checkOnERC721Received(msg.sender, address(0), to, agentId, "");
    }

    /// @dev Mints without the receiver callback; callers run the callback after their own effects.
    function _createToken(address to, TokenData memory data, string memory agentURI) private returns (uint256 tokenId) {
        unchecked {
            // One token per call; 2^256 mints are unreachable.
            tokenId = ++_lastTokenId;
        }
        _tokens[tokenId] = data;
        if (bytes(agentURI).length != 0) _agentURIs[tokenId] = agentURI;
        _mint(to, tokenId);
        emit Registered(tokenId, agentURI, to);
        _setAgentWallet(tokenId, to);
    }

    function _setAgentWallet(uint256 agentId, address wallet) private {
        _agentWallets[agentId] = wallet;
        bytes memory value = wallet == address(0) ? bytes("") : abi.encodePacked(wallet);
        emit MetadataSet(agentId, "agentWallet", "agentWallet", value);
    }

    function _requireFreeKey(string calldata metadataKey) private pure {
        if (keccak256(bytes(metadataKey)) == _AGENT_WALLET_KEY_HASH) revert AvatarReservedMetadataKey(metadataKey);
    }

    function _writeSkill(uint256 tokenId, uint256 skillId, uint8 proficiency) private {
        _skills[tokenId].set(skillId, proficiency);
        emit SkillUpdated(tokenId, skillId, proficiency);
        emit MetadataUpdate(tokenId);
    }

    function _requireOwnerOrApproved(uint256 tokenId) private view returns (address owner) {
        owner = _requireOwned(tokenId);
        if (!_isAuthorized(owner, msg.sender, tokenId)) revert AvatarNotOwnerOrApproved(tokenId, msg.sender);
    }

    function _voucherDigest(MintVoucher calldata voucher) private view returns (bytes32) {
        return _hashTypedDataV4(
            keccak256(
                abi.encode(
                    MINT_VOUCHER_TYPEHASH,
                    voucher.to,
                    voucher.avatarId,
                    uint8(voucher.agentType),
                    voucher.maxEditions,
                    voucher.price,
                    voucher.nonce,
                    voucher.deadline,
                    keccak256(bytes(voucher.uri))
                )
            )
        );
    }

    function _level(uint256 xp) private pure returns (uint256) {
        return 1 + xp / XP_PER_LEVEL;
    }
}

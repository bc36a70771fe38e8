/**
 * The A2A agent card of a public avatar, typed with `@a2a-js/sdk` (A2A protocol
 * 1.0) and serialised by the SDK to the card's JSON form. Served at the avatar's well-known path
 * `/api/agents/:id/.well-known/agent-card.json` and listed as the `A2A` service of its ERC-8004
 * registration file. Calls need an API key (HTTP bearer).
 */
import { A2A_PROTOCOL_VERSION, AgentCard } from '@a2a-js/sdk';
import { MCP_TOOLS } from '@app/domain/agent-access';
import type { AvatarRow } from '../avatars/avatars-service';
import { agentEndpoints } from './agent-access-service';

/** The card in the SDK's form. @param origin the public origin (PUBLIC_URL) */
export function agentCard(avatar: AvatarRow, origin: string): AgentCard {
  const { a2aUrl, mcpUrl } = agentEndpoints(origin, avatar.id);
  const type = avatar.agentType.charAt(0) + avatar.agentType.slice(1).toLowerCase();
  const bearer = { list: [] as string[] };
  const card: AgentCard = {
    name: avatar.name,
    description: avatar.description?.trim() || `${avatar.name} is a ${type} AI avatar.`,
    supportedInterfaces: [
      { url: a2aUrl, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: A2A_PROTOCOL_VERSION },
    ],
    provider: { url: origin, organization: new URL(origin).host },
    version: '1.0.0',
    documentationUrl: new URL(`/avatar/${avatar.id}`, origin).href,
    capabilities: { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {
      apiKey: {
        scheme: {
          $case: 'httpAuthSecurityScheme',
          value: {
            description: "An API key made by the avatar's owner on the avatar's page",
            scheme: 'Bearer',
            bearerFormat: 'avk_…',
          },
        },
      },
    },
    securityRequirements: [{ schemes: { apiKey: bearer } }],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [
      {
        id: MCP_TOOLS.chat,
        name: `Chat with ${avatar.name}`,
        description: `Talk to ${avatar.name} in character. Agent tasks (art NFTs, sites, code, casts) are on the MCP endpoint ${mcpUrl}.`,
        tags: ['chat', type.toLowerCase()],
        examples: ['What can you do?'],
        inputModes: ['text/plain'],
        outputModes: ['text/plain'],
        securityRequirements: [],
      },
    ],
    signatures: [],
    iconUrl: avatar.thumbnailUrl ? new URL(avatar.thumbnailUrl, origin).href : undefined,
  };
  return card;
}

/** The card as JSON (A2A 1.0 field names, serialised by the SDK). */
export function agentCardJson(avatar: AvatarRow, origin: string): unknown {
  return AgentCard.toJSON(agentCard(avatar, origin));
}

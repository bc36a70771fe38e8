/**
 * Test helper: plays `messages` to the persona engine as one conversation with `avatar`, the way the
 * chat service does (the last 24 turns of history and the dialogue memory carried from reply to
 * reply), and returns each reply.
 */
import type { DialogueMemory } from '@app/domain/chat';
import type { ChatReply, ChatTurn, PersonaAvatar } from '../types';
import { composePersonaReply } from './persona-provider';

export async function talk(avatar: PersonaAvatar, messages: string[]): Promise<ChatReply[]> {
  const history: ChatTurn[] = [];
  let memory: DialogueMemory | undefined;
  const replies: ChatReply[] = [];
  for (const message of messages) {
    const reply = await composePersonaReply({ avatar, message, history: history.slice(-24), memory });
    memory = reply.memory;
    history.push({ role: 'user', text: message }, { role: 'avatar', text: reply.response });
    replies.push(reply);
  }
  return replies;
}

import { invitationCodeHash } from '../lib/invitation-codes.ts';
import { conflict, Problem } from '../lib/problem.ts';
import type { Repositories } from '../repositories/index.ts';

/**
 * Moves a person into the business that invited them, with the invitation's role, and spends the invitation.
 * Runs in the caller's transaction (sign-up or join), the invitation row locked, so a code is used once.
 */
export async function acceptInvitation(repos: Repositories, code: string, userId: string): Promise<void> {
  const invitation = await repos.team.lockInvitation(invitationCodeHash(code));
  if (!invitation || invitation.revokedAt)
    throw new Problem(404, 'invitation_not_found', 'Приглашение не найдено: проверьте код или попросите новое');
  if (invitation.acceptedAt)
    throw conflict('invitation_used', 'Это приглашение уже использовано: попросите у владельца новое');
  if (invitation.expiresAt <= new Date())
    throw conflict('invitation_expired', 'Срок приглашения истёк: попросите у владельца новое');
  const current = await repos.team.membershipOf(userId);
  if (current?.businessId === invitation.businessId)
    throw conflict('already_member', 'Вы уже работаете в этой команде');
  if (current?.role === 'owner' && (await repos.team.othersIn(current.businessId, userId)) > 0)
    throw conflict(
      'owner_has_team',
      'Вы владелец команды, в которой есть сотрудники: сначала уберите их, затем принимайте приглашение',
    );
  await repos.team.moveTo(userId, invitation.businessId, invitation.role, invitation.canSeeCosts);
  await repos.team.markAccepted(invitation.id, userId);
}

import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Card, Heading, Muted, Page } from '../../../ui/page.tsx';
import { isOwner } from '../api/membership.ts';
import type { TeamOutcome } from '../api/types.ts';
import { useTeam } from '../api/use-team.ts';
import { BusinessName } from './business-name.tsx';
import { InvitationsList } from './invitations-list.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { MembersTable } from './members-table.tsx';
import { bar, errorNote, note, section, sectionTitle } from './team.css.ts';

/** Runs a change of the team and answers whether the server took it; a refusal is shown in the server's words. */
export type RunChange = (change: () => Promise<TeamOutcome<unknown>>) => Promise<boolean>;

/**
 * /team — «Команда» (issue 24), the owner's: the business's name, the members with their roles, the open
 * invitations and «Пригласить». Every change is made on the server at once, so all of it needs the network.
 */
export function TeamScreen() {
  const owner = isOwner();
  const { online, team, error, loading, reload } = useTeam(owner);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);

  const run: RunChange = async (change) => {
    setRefusal(null);
    const outcome = await change();
    if (!outcome.ok) setRefusal(outcome.error);
    await reload();
    return outcome.ok;
  };

  if (!owner)
    return (
      <Page title="Команда">
        <Card>
          <Heading>Команда</Heading>
          <Muted>Команду видит только владелец.</Muted>
        </Card>
      </Page>
    );

  return (
    <Page title="Команда">
      {!online && (
        <p className={note} role="status" data-testid="team-offline">
          Управление командой доступно только при подключении к сети.
        </p>
      )}
      {online && error && (
        <p className={errorNote} role="alert">
          {error}
        </p>
      )}
      {online && refusal && (
        <p className={errorNote} role="alert" data-testid="team-refusal">
          {refusal}
        </p>
      )}
      {online && !team && loading && <Muted>Загружаем команду…</Muted>}
      {online && team && (
        <>
          <BusinessName name={team.business.name} run={run} />
          <section className={section}>
            <h2 className={sectionTitle}>Сотрудники</h2>
            <Muted>
              Новая роль или доступ к себестоимости действуют сразу: сотруднику придётся войти в приложение снова.
            </Muted>
            <MembersTable members={team.members} run={run} />
          </section>
          <section className={section}>
            <h2 className={sectionTitle}>Приглашения</h2>
            <div className={bar}>
              <Button onClick={() => setInviting(true)}>Пригласить</Button>
            </div>
            <InvitationsList invitations={team.invitations} run={run} />
          </section>
        </>
      )}
      <InviteDialog open={inviting} onOpenChange={setInviting} onInvited={() => void reload()} />
    </Page>
  );
}

/** The Dutch invitation mail for a colleague (part 2 'Collega uitnodigen'). */
import type { MailMessage } from './mailer';

// 7 days: long enough for a colleague on holiday, short enough that an old mail is harmless.
export const INVITATION_DAYS = 7;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function invitationMail(o: { to: string; inviter: string; school: string; link: string; setPassword: boolean }): MailMessage {
  const action = o.setPassword
    ? `Vul via deze link je naam in en kies een wachtwoord (de link is ${INVITATION_DAYS} dagen geldig en werkt één keer):`
    : `Log in met je bestaande account en neem de uitnodiging aan onder je naam rechtsboven (tot je dat doet, ziet ${o.school} niets van je account):`;
  const text = [
    'Beste collega,',
    '',
    `${o.inviter} heeft je uitgenodigd voor de Docentenomgeving van ${o.school}.`,
    '',
    action,
    o.link,
    '',
    'Heb je deze uitnodiging niet verwacht? Dan kun je deze e-mail negeren.',
    '',
    'Met vriendelijke groet,',
    'Maatschappijwijzer',
  ].join('\n');
  const html = `<p>Beste collega,</p>
<p>${escapeHtml(o.inviter)} heeft je uitgenodigd voor de Docentenomgeving van ${escapeHtml(o.school)}.</p>
<p>${escapeHtml(action)}<br><a href="${escapeHtml(o.link)}">${escapeHtml(o.link)}</a></p>
<p>Heb je deze uitnodiging niet verwacht? Dan kun je deze e-mail negeren.</p>
<p>Met vriendelijke groet,<br>Maatschappijwijzer</p>`;
  return { to: o.to, subject: `Uitnodiging voor de Docentenomgeving van ${o.school}`, text, html };
}

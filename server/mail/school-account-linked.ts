/**
 * The Dutch notice that a school account was linked to a teacher's account: a link is a second way
 * in, so she hears of it and can undo it when it was not her.
 */
import type { MailMessage } from './mailer';

const LINKED_SUBJECT = 'Er is een schoolaccount gekoppeld aan je account';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function schoolAccountLinkedMail(o: { to: string; provider: string; account: string; link: string }): MailMessage {
  const lines = [
    `Er is zojuist een schoolaccount van ${o.provider} (${o.account}) gekoppeld aan je account in de Docentenomgeving. Daarmee kun je voortaan inloggen zonder wachtwoord.`,
    'Was jij dit niet? Log dan in, kies in het menu onder je naam rechtsboven "Schoolaccount ontkoppelen" en wijzig je wachtwoord (dat ontkoppelt ook alle schoolaccounts):',
  ];
  const text = ['Beste collega,', '', lines[0], '', lines[1], o.link, '', 'Met vriendelijke groet,', 'Maatschappijwijzer'].join('\n');
  const html = `<p>Beste collega,</p>
<p>${escapeHtml(lines[0]!)}</p>
<p>${escapeHtml(lines[1]!)}<br><a href="${escapeHtml(o.link)}">${escapeHtml(o.link)}</a></p>
<p>Met vriendelijke groet,<br>Maatschappijwijzer</p>`;
  return { to: o.to, subject: LINKED_SUBJECT, text, html };
}

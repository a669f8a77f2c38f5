import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Banners } from '../../src/shell/banners';
import { Preheader } from '../../src/shell/preheader';
import { SiteFooter } from '../../src/shell/site-footer';
import { TabBar } from '../../src/shell/tab-bar';
import { plainHtml } from '../../src/ui/safe-html';
import { sanitizeHtml } from '../../src/ui/sanitize-html';
import { renderWithProviders } from './render';

const tabNames = () =>
  within(screen.getByRole('navigation', { name: 'Hoofdmenu' }))
    .getAllByRole('link')
    .map((l) => l.textContent);

describe('TabBar', () => {
  it('shows 3 tabs for an inactive school', () => {
    renderWithProviders(<TabBar active={false} portfolioEnabled path="/index" />);
    expect(tabNames()).toEqual(['Dashboard', 'Klassen & leerlingen', 'Docenten']);
  });

  it('shows all tabs for an active school, marking the current one', () => {
    renderWithProviders(<TabBar active portfolioEnabled path="/classrooms/form/3" />);
    expect(tabNames()).toEqual([
      'Dashboard',
      'Klassen & leerlingen',
      'Docenten',
      'Lesmateriaal delen',
      'Modules printen',
      'Toetsen',
      "Portfolio's",
      'Verlanglijstje',
    ]);
    expect(screen.getByRole('link', { name: 'Klassen & leerlingen' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Modules printen' })).toHaveAttribute('href', '/books');
  });

  it("hides Portfolio's when the feature is off", () => {
    renderWithProviders(<TabBar active portfolioEnabled={false} path="/index" />);
    expect(tabNames()).not.toContain("Portfolio's");
    expect(tabNames()).toHaveLength(7);
  });
});

describe('Preheader', () => {
  it('renders configured HTML without scripts or event handlers', async () => {
    const { container } = renderWithProviders(
      <Preheader
        left={'Welkom <strong>docent</strong><script>window.hacked = 1</script>'}
        right={'<img src="x" onerror="window.hacked = 1"><a href="javascript:alert(1)">klik</a>'}
      />,
    );
    expect((await screen.findByText('docent')).tagName).toBe('STRONG');
    await screen.findByText('klik');
    expect(container.querySelector('script')).toBeNull();
    const img = container.querySelector('img');
    expect(img).not.toBeNull();
    expect(img?.getAttribute('onerror')).toBeNull();
    expect(screen.getByText('klik').getAttribute('href')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('shows text with links and emphasis at once, without waiting for DOMPurify', () => {
    renderWithProviders(
      <Preheader left="Welkom bij de <strong>Docentenomgeving</strong>" right={'Vragen? Bel <a href="tel:0301234567">030 123 45 67</a>'} />,
    );
    expect(screen.getByText('Docentenomgeving').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '030 123 45 67' })).toHaveAttribute('href', 'tel:0301234567');
  });

  it('leaves to DOMPurify every element, attribute or link outside its short allowlist', () => {
    expect(plainHtml('Mail <a href="mailto:a@b.nl" title="Mail">ons</a>, <em>graag</em>')).toBe(
      'Mail <a href="mailto:a@b.nl" title="Mail">ons</a>, <em>graag</em>',
    );
    for (const html of [
      '<a href="javascript:alert(1)">x</a>',
      '<a href=" jav&#x09;ascript:alert(1)">x</a>',
      '<a href="/x" target="_blank">x</a>',
      '<b style="position:fixed">x</b>',
      '<b/onclick=x()>x</b>',
      '<img src=x>',
      '<style>body{display:none}</style>tekst',
      '<!-- x -->tekst',
      '<svg><a href="/x">x</a></svg>',
    ])
      expect(plainHtml(html), html).toBeNull();
  });

  it('sanitises strings directly too', () => {
    expect(sanitizeHtml('<b onclick="x()">a</b><script>x()</script>')).toBe('<b>a</b>');
  });

  it('drops style sheets, forms and positioned overlays, keeping their text and harmless styling', () => {
    const out = sanitizeHtml(
      '<style>body{display:none}</style><form action="https://evil.example"><input name="password"><button>Inloggen</button></form>' +
        '<div style="position: fixed; inset: 0; z-index: 9999; background: white">Sessie verlopen</div><span style="color: red">Let op</span>',
    );
    expect(out).not.toMatch(/<style|<form|<input|<button|position|z-index/i);
    expect(out).toContain('Sessie verlopen');
    expect(out).toContain('<span style="color: red">Let op</span>');
  });
});

describe('Banners', () => {
  it('asks an inactive school to order licences', () => {
    renderWithProviders(<Banners active={false} overuse={false} orderUrl="https://bestellen.example/" />);
    expect(screen.getByText(/Je hebt voor dit schooljaar nog geen licenties besteld\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Licenties bestellen' })).toHaveAttribute('href', 'https://bestellen.example/');
  });

  it('warns an active school about overuse, with both links', () => {
    renderWithProviders(<Banners active overuse orderUrl="https://bestellen.example/" />);
    expect(screen.getByText(/Let op: Je overschrijdt het aantal gekochte licenties\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inactieve gebruikers verwijderen' })).toHaveAttribute('href', '/classrooms');
  });

  it('shows nothing for an active school within its licences or while unknown', () => {
    const { container } = renderWithProviders(
      <>
        <Banners active overuse={false} orderUrl="/" />
        <Banners active={undefined} overuse orderUrl="/" />
      </>,
    );
    expect(container.querySelector('section[aria-label="Licentiemelding"]')).toBeNull();
  });

  it('folds to its one-line message for the rest of the session, and unfolds again', async () => {
    sessionStorage.clear();
    const { unmount } = renderWithProviders(<Banners active overuse orderUrl="https://bestellen.example/" />);
    await userEvent.click(screen.getByRole('button', { name: 'Inklappen' }));
    expect(screen.getByText('Let op: Je overschrijdt het aantal gekochte licenties.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inactieve gebruikers verwijderen' })).toBeNull();
    unmount();
    // Another page of the same session: still folded.
    renderWithProviders(<Banners active overuse orderUrl="https://bestellen.example/" />);
    const more = screen.getByRole('button', { name: 'Meer' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(screen.getByRole('link', { name: 'Inactieve gebruikers verwijderen' })).toBeInTheDocument();
  });
});

describe('SiteFooter', () => {
  it('shows the year, the system name and the front site links', () => {
    renderWithProviders(<SiteFooter systemName="Maatschappijwijzer" frontUrl="https://www.example.nl/" year={2026} />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2026 Maatschappijwijzer');
    expect(within(footer).getByRole('link', { name: 'Privacyverklaring' })).toHaveAttribute(
      'href',
      'https://www.example.nl/privacyverklaring',
    );
  });
});

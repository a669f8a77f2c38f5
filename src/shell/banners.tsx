/**
 * Licence banners of part 1 §2: no licences ordered (inactive school) or more licences used than bought.
 * A full-width strip under the header. The teacher can fold it to its one-line message for the rest of
 * the session (sessionStorage): she has read it, and on a tablet it would otherwise take a fifth of
 * the screen on every page. On a phone it starts folded (issue 30): a one-line strip, 'Meer' opens it.
 */
import { useState, type ReactNode } from 'react';
import { Anchor, Container } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'wouter';
import classes from './banners.module.css';
import { FOLDED_BANNERS_KEY } from '../constants';

export interface BannersProps {
  /** Organisation active flag; undefined while unknown, then no banner is shown. */
  active: boolean | undefined;
  overuse: boolean;
  /** The sales site's order form (configuration sales_order_url), not its home page. */
  orderUrl: string;
}

/** One banner: its tone, the sentence it always shows, and what follows when unfolded (links). */
export interface BannerDef {
  id: string;
  tone: 'warning' | 'danger';
  message: string;
  more: ReactNode;
}

/** Phone width (shell.module.css's 40em): a banner starts folded to one line until unfolded. */
const NARROW = '(max-width: 40em)';

/** The folded ids; null when the teacher has not folded or unfolded anything this session. */
function readFolded(): string[] | null {
  try {
    const stored = sessionStorage.getItem(FOLDED_BANNERS_KEY);
    if (stored === null) return null;
    const raw: unknown = JSON.parse(stored);
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return null;
  }
}

function writeFolded(ids: string[]): void {
  try {
    sessionStorage.setItem(FOLDED_BANNERS_KEY, JSON.stringify(ids));
  } catch {
    // Private mode without storage: the fold lasts for this page only.
  }
}

const external = (href: string, label: string) => (
  <Anchor href={href} target="_blank" rel="noopener noreferrer" className={`${classes.link} inline-target`}>
    {label}
  </Anchor>
);

function licenceBanners({ active, overuse, orderUrl }: BannersProps): BannerDef[] {
  if (active === undefined) return [];
  if (!active) {
    return [
      {
        id: 'no-licences',
        tone: 'warning',
        message: 'Je hebt voor dit schooljaar nog geen licenties besteld.',
        more: external(orderUrl, 'Licenties bestellen'),
      },
    ];
  }
  if (!overuse) return [];
  return [
    {
      id: 'overuse',
      tone: 'danger',
      message: 'Let op: Je overschrijdt het aantal gekochte licenties.',
      more: (
        <>
          <Anchor component={Link} href="/classrooms" className={`${classes.link} inline-target`}>
            Inactieve gebruikers verwijderen
          </Anchor>{' '}
          of {external(orderUrl, 'nieuwe licenties bestellen')}.{' '}
          <Anchor component={Link} href="/licenses" className={`${classes.link} inline-target`}>
            Bekijk het licentiegebruik
          </Anchor>
        </>
      ),
    },
  ];
}

export function Banners(props: BannersProps) {
  const banners = licenceBanners(props);
  const [stored, setFolded] = useState(readFolded);
  if (banners.length === 0) return null;
  const folded = stored ?? (typeof matchMedia === 'function' && matchMedia(NARROW).matches ? banners.map((b) => b.id) : []);
  const toggle = (id: string) => {
    const next = folded.includes(id) ? folded.filter((x) => x !== id) : [...folded, id];
    writeFolded(next);
    setFolded(next);
  };
  return (
    <section aria-label="Licentiemelding">
      {banners.map((b) => {
        const isFolded = folded.includes(b.id);
        const Icon = b.tone === 'danger' ? IconAlertTriangle : IconInfoCircle;
        return (
          <div key={b.id} className={classes.banner} data-tone={b.tone} data-folded={isFolded || undefined}>
            <Container size="xl" className={classes.row}>
              <Icon size={20} aria-hidden="true" className={classes.icon} />
              <p className={classes.text}>
                <span className={classes.message}>{b.message}</span>
                {!isFolded && <> {b.more}</>}
              </p>
              <button type="button" className={classes.fold} aria-expanded={!isFolded} onClick={() => toggle(b.id)}>
                {isFolded ? <IconChevronDown size={18} aria-hidden="true" /> : <IconChevronUp size={18} aria-hidden="true" />}
                <span>{isFolded ? 'Meer' : 'Inklappen'}</span>
              </button>
            </Container>
          </div>
        );
      })}
    </section>
  );
}

import type { Config } from './types';

/** Built-in configuration (part 1 §3); the server's `config` answer is merged over it. */
export const defaultConfig: Config = {
  api_url: '/api/',
  front_url: 'https://www.maatschappijwijzer.example/',
  login_url: 'https://www.maatschappijwijzer.example/login',
  profile_url: 'https://www.maatschappijwijzer.example/profielpagina',
  portal_url: '/',
  cdn_url: '/',
  system_key: 'maatschappijwijzer',
  system_name: 'Maatschappijwijzer',
  sales_website: 'https://bestellen.maatschappijwijzer.example/',
  sales_order_url: 'https://bestellen.maatschappijwijzer.example/bestelformulier',
  contact_email: 'info@maatschappijwijzer.example',
  contact_phone: '030 123 45 67',
  title: 'Maatschappijwijzer',
  slogan: 'Dé methode voor maatschappijleer in het vmbo',
  description: 'Docentenomgeving van Maatschappijwijzer, de methode maatschappijleer voor het vmbo.',
  page_title: '',
  preheader: {
    logout_left: 'Welkom bij de <strong>Docentenomgeving</strong> van Maatschappijwijzer',
    logout_right: 'Vragen? Bel <a href="tel:0301234567">030 123 45 67</a>',
    teacher_left: 'Nieuw dit schooljaar: <a href="/wishlist">deel je ideeën op het verlanglijstje</a>',
    teacher_right: 'Hulp nodig? Mail <a href="mailto:info@maatschappijwijzer.example">info@maatschappijwijzer.example</a>',
  },
  portfolio_enabled: true,
  study_levels: { basis: 'Basis', kader: 'Kader', 'gl-tl': 'GL en TL' },
  handige_links: [
    { title: 'Helpcentrum', url: 'https://help.maatschappijwijzer.example/' },
    { title: 'Privacyverklaring', url: 'https://www.maatschappijwijzer.example/privacy' },
  ],
  portal_news: '',
  neo_connect: 'https://sso.maatschappijwijzer.example/login',
  can_assign_chapters: true,
  portal_max_activities: 25,
  demo: false,
  school_accounts: [],
};

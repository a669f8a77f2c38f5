/** Lesson texts of 'Burgerschap' and of the inactive 'Oude methode 2019'. Original demo text. */
import { L, type ChapterSource } from './content-types';

export const burgerschap: readonly ChapterSource[] = [
  {
    name: 'Duurzaamheid',
    lessons: [
      L(
        'Wat is duurzaamheid?',
        [
          'Duurzaam leven betekent dat je zo leeft dat mensen later ook nog een goede aarde hebben.',
          'Grondstoffen als olie en gas raken op. Bovendien vervuilen ze de lucht als we ze verbranden.',
          'Duurzame energie, zoals zon en wind, raakt niet op en is schoner.',
        ],
        [
          ['Wat betekent duurzaam leven?', 'Zo leven dat volgende generaties ook nog een goede aarde hebben.'],
          ['Noem twee vormen van duurzame energie.', 'Zonne-energie en windenergie.'],
        ],
        [
          ['duurzaamheid', 'Zorgen dat de aarde ook voor latere generaties leefbaar blijft.'],
          ['grondstof', 'Een stof uit de natuur waarvan producten worden gemaakt.'],
        ],
      ),
      L(
        'Afval en recycling',
        [
          "Nederlanders gooien per persoon honderden kilo's afval per jaar weg.",
          'Door afval te scheiden kan een deel opnieuw gebruikt worden. Dat heet recycling.',
          'Nog beter is minder afval maken, bijvoorbeeld door spullen te repareren of tweedehands te kopen.',
        ],
        [
          ['Wat is recycling?', 'Afval opnieuw gebruiken als grondstof voor nieuwe producten.'],
          ['Noem een manier om minder afval te maken.', 'Bijvoorbeeld spullen repareren of een eigen drinkfles gebruiken.'],
        ],
        [['recycling', 'Het hergebruiken van afval als grondstof.']],
      ),
      L(
        'Klimaatverandering',
        [
          'Door de uitstoot van CO2 warmt de aarde op. Dat noem je klimaatverandering.',
          'Gevolgen zijn onder meer een stijgende zeespiegel en meer extreem weer. Voor een laag land als Nederland is dat belangrijk.',
          'Landen hebben afgesproken de uitstoot te verminderen, maar niet iedereen is het eens over hoe snel dat moet.',
        ],
        [
          ['Wat is de belangrijkste oorzaak van klimaatverandering?', 'De uitstoot van CO2 door het verbranden van olie, gas en kolen.'],
          ['Waarom is zeespiegelstijging belangrijk voor Nederland?', 'Omdat een groot deel van Nederland onder zeeniveau ligt.'],
        ],
        [
          ['klimaatverandering', 'De verandering van het klimaat op aarde door opwarming.'],
          ['uitstoot', 'Stoffen die in de lucht terechtkomen, bijvoorbeeld uit uitlaten en fabrieken.'],
        ],
      ),
      L(
        'Wat kun jij doen?',
        [
          'Ook kleine keuzes maken verschil: fietsen in plaats van de auto, korter douchen en minder vlees eten.',
          'Je kunt ook anderen overtuigen, bijvoorbeeld met een actie op school.',
          'Bedrijven en de overheid hebben de grootste invloed, maar zij luisteren naar wat burgers willen.',
        ],
        [
          ['Noem drie dingen die jij kunt doen voor het klimaat.', 'Bijvoorbeeld fietsen, korter douchen en minder vlees eten.'],
          ['Waarom luisteren bedrijven naar burgers?', 'Omdat burgers ook klanten en kiezers zijn.'],
        ],
        [['ecologische voetafdruk', 'Hoeveel ruimte en grondstoffen iemand nodig heeft voor zijn manier van leven.']],
      ),
    ],
  },
  {
    name: 'Jij en de buurt',
    lessons: [
      L(
        'Vrijwilligerswerk',
        [
          'Vrijwilligers helpen anderen zonder daarvoor betaald te krijgen, bijvoorbeeld bij de sportclub of in een verzorgingshuis.',
          'Veel scholen laten leerlingen een maatschappelijke stage doen. Zo ontdek je wat vrijwilligerswerk is.',
          'Vrijwilligerswerk is goed voor de samenleving, maar je leert er zelf ook veel van.',
        ],
        [
          ['Noem twee plekken waar vrijwilligers werken.', 'Bijvoorbeeld de sportclub en een verzorgingshuis.'],
          ['Wat leer je zelf van vrijwilligerswerk?', 'Bijvoorbeeld samenwerken en verantwoordelijkheid nemen.'],
        ],
        [['maatschappelijke stage', 'Vrijwilligerswerk dat leerlingen via school doen.']],
      ),
      L(
        'Buren en overlast',
        [
          'Waar mensen dicht op elkaar wonen, kan overlast ontstaan: harde muziek, rommel of ruzie.',
          'Vaak helpt het om eerst rustig met de buren te praten.',
          'Lukt dat niet, dan kan buurtbemiddeling helpen. Vrijwilligers helpen de buren dan om samen een oplossing te vinden.',
        ],
        [
          ['Wat kun je het beste eerst doen bij overlast?', 'Rustig met de buren praten.'],
          ['Wat doet buurtbemiddeling?', 'Vrijwilligers helpen buren om samen een oplossing te vinden.'],
        ],
        [['overlast', 'Hinder die mensen ervaren door gedrag van anderen.']],
      ),
      L(
        'Meedoen in de wijk',
        [
          'In veel wijken organiseren bewoners zelf activiteiten, zoals een buurtfeest of een moestuin.',
          'De gemeente geeft soms geld voor goede ideeën van bewoners.',
          'Wie meedoet in de wijk, leert zijn buren kennen. Daardoor voelen mensen zich veiliger.',
        ],
        [
          ['Noem een activiteit die bewoners zelf kunnen organiseren.', 'Bijvoorbeeld een buurtfeest.'],
          ['Waarom voelen mensen zich veiliger als ze meedoen in de wijk?', 'Omdat ze hun buren kennen.'],
        ],
        [['burgerinitiatief', 'Een plan dat door bewoners zelf is bedacht en uitgevoerd.']],
      ),
    ],
  },
  {
    name: 'Mensenrechten',
    levels: ['kader', 'gl-tl'],
    lessons: [
      L(
        'Wat zijn mensenrechten?',
        [
          'Mensenrechten zijn rechten die voor iedereen gelden, waar je ook woont.',
          'Na de Tweede Wereldoorlog zijn ze vastgelegd in de Universele Verklaring van de Rechten van de Mens.',
          'Toch worden mensenrechten in veel landen geschonden. Organisaties als Amnesty International komen daarvoor op.',
        ],
        [
          ['Voor wie gelden mensenrechten?', 'Voor iedereen.'],
          ['Wanneer zijn de mensenrechten vastgelegd?', 'Na de Tweede Wereldoorlog, in 1948.'],
        ],
        [['mensenrechten', 'Rechten die voor ieder mens gelden.']],
      ),
      L(
        'Kinderrechten',
        [
          'Kinderen hebben extra rechten, omdat ze kwetsbaar zijn. Die staan in het Kinderrechtenverdrag.',
          'Voorbeelden zijn het recht op onderwijs, op bescherming en op een eigen mening.',
          'In Nederland let de Kinderombudsman erop dat kinderrechten worden nageleefd.',
        ],
        [
          ['Noem twee kinderrechten.', 'Het recht op onderwijs en het recht op bescherming.'],
          ['Wat doet de Kinderombudsman?', 'Hij let erop dat de rechten van kinderen worden nageleefd.'],
        ],
        [['Kinderrechtenverdrag', 'Een internationale afspraak over de rechten van kinderen.']],
      ),
      L(
        'Vrijheid van meningsuiting',
        [
          'In Nederland mag je zeggen wat je denkt. Dat heet vrijheid van meningsuiting.',
          'Die vrijheid heeft grenzen: je mag niet beledigen, bedreigen of oproepen tot geweld.',
          'Waar precies de grens ligt, is vaak een onderwerp van discussie.',
        ],
        [
          ['Noem een grens aan de vrijheid van meningsuiting.', 'Je mag niet bedreigen of oproepen tot geweld.'],
          ['Waarom is vrijheid van meningsuiting belangrijk in een democratie?', 'Omdat mensen dan kritiek mogen hebben op de regering.'],
        ],
        [['vrijheid van meningsuiting', 'Het recht om je mening te uiten.']],
      ),
    ],
  },
];

/** A chapter of the inactive 2019 method: each lesson three sentences, one question and one term. */
const oud = (
  name: string,
  lessons: readonly (readonly [
    title: string,
    text: readonly string[],
    question: readonly [string, string],
    term: readonly [string, string],
  ])[],
): ChapterSource => ({ name, lessons: lessons.map(([title, text, question, term]) => L(title, text, [question], [term])) });

export const oudeMethode: readonly ChapterSource[] = [
  oud('Relaties (oud)', [
    [
      'Vriendschap',
      [
        'Vrienden zijn belangrijk als je opgroeit.',
        'Een goede vriend is eerlijk en betrouwbaar.',
        'Vriendschappen veranderen als je ouder wordt.',
      ],
      ['Wat maakt iemand een goede vriend?', 'Bijvoorbeeld eerlijkheid en betrouwbaarheid.'],
      ['vriendschap', 'Een band tussen mensen die elkaar vertrouwen.'],
    ],
    [
      'Verliefd',
      [
        'Verliefdheid kan heel fijn zijn, maar ook onzeker maken.',
        'Praat erover met iemand die je vertrouwt.',
        'Respect voor elkaar is altijd belangrijk.',
      ],
      ['Met wie kun je praten als je verliefd bent?', 'Met iemand die je vertrouwt.'],
      ['respect', 'Waardering en rekening houden met een ander.'],
    ],
    [
      'Ruzie oplossen',
      ['Ruzie hoort bij het leven.', 'Luister eerst naar de ander.', 'Zoek samen naar een oplossing.'],
      ['Wat is de eerste stap bij het oplossen van ruzie?', 'Naar de ander luisteren.'],
      ['compromis', 'Een oplossing waarbij beide partijen iets toegeven.'],
    ],
  ]),
  oud('Verkeer (oud)', [
    [
      'Veilig fietsen',
      [
        'Veel jongeren fietsen naar school.',
        'Goede verlichting is verplicht in het donker.',
        'Met je telefoon in de hand fietsen is verboden.',
      ],
      ['Waarom is fietsverlichting verplicht?', 'Zodat anderen je in het donker zien.'],
      ['verkeersregel', 'Een regel voor het gedrag in het verkeer.'],
    ],
    [
      'Brommer en scooter',
      ['Vanaf zestien mag je brommer rijden.', 'Je hebt dan een rijbewijs AM nodig.', 'Een helm is verplicht.'],
      ['Wat heb je nodig om brommer te rijden?', 'Een rijbewijs AM en een helm.'],
      ['rijbewijs AM', 'Het rijbewijs voor brommer en scooter.'],
    ],
    [
      'Alcohol en verkeer',
      ['Alcohol maakt je reactie trager.', 'Voor beginnende bestuurders gelden strengere regels.', 'Wie drinkt, rijdt niet.'],
      ['Waarom is alcohol gevaarlijk in het verkeer?', 'Je reageert trager.'],
      ['promillage', 'De hoeveelheid alcohol in het bloed.'],
    ],
  ]),
];

/** Short Dutch texts for portfolios, feedback and the wishlist of the demo. Invented. */

export const FILE_DESCRIPTIONS: readonly ((lesson: string) => string)[] = [
  (l) => `Ik heb een poster gemaakt over "${l}" met de belangrijkste begrippen.`,
  (l) => `Samen met mijn groepje hebben we een woordweb gemaakt bij de les "${l}".`,
  (l) => `Ik heb de opdrachten van "${l}" gemaakt en een foto van mijn werkblad toegevoegd.`,
  (l) => `Mijn mindmap over "${l}". Ik heb er ook twee voorbeelden uit het nieuws bij gezet.`,
  (l) => `Ik heb een korte presentatie gemaakt over "${l}" voor de klas.`,
  () => 'Ik heb een interview gehouden met mijn oom en de antwoorden opgeschreven.',
  () => 'Hier staat mijn samenvatting van de les in mijn eigen woorden.',
];

export const REFLECTION_QUESTIONS: readonly string[] = ['Wat ging goed?', 'Wat vond je lastig?', 'Wat neem je mee naar de volgende les?'];

export const REFLECTION_ANSWERS: readonly (readonly string[])[] = [
  [
    'Het samenwerken met mijn groepje ging goed.',
    'Ik kon de begrippen goed uitleggen.',
    'Ik was op tijd klaar met alle opdrachten.',
    'Ik heb goede voorbeelden gevonden op internet.',
    'De poster zag er netjes uit.',
  ],
  [
    'Ik vond het lastig om feiten en meningen uit elkaar te houden.',
    'Het was moeilijk om een goede bron te vinden.',
    'Ik vond het lastig om mijn mening te onderbouwen.',
    'Sommige woorden in de tekst kende ik niet.',
    'Het plannen van de tijd ging niet zo goed.',
  ],
  [
    'Dat ik eerst de begrippen moet leren voordat ik aan de opdrachten begin.',
    'Ik ga beter opletten of een bron betrouwbaar is.',
    'Ik wil de volgende keer meer zelf doen in het groepje.',
    'Dat je altijd naar allebei de kanten moet kijken.',
    'Ik ga mijn antwoorden beter nalezen.',
  ],
];

export const FEEDBACK_MESSAGES: readonly string[] = [
  'Mooi gedaan! Je uitleg is duidelijk.',
  'Goede reflectie. Probeer bij de volgende les nog een voorbeeld uit het nieuws te geven.',
  'Je bent goed op weg, maar de tweede vraag mist nog een argument.',
  'Netjes ingeleverd. Let op je spelling.',
  'Dit is nog te kort. Kun je uitleggen waarom je dat vindt?',
  'Sterk dat je zelf een bron hebt gezocht!',
  'Kijk nog even naar het begrip in de les; je haalt twee dingen door elkaar.',
];

export interface WishSource {
  title: string;
  description: string;
  done?: boolean;
}

export const WISHES_HET_BAKEN: readonly WishSource[] = [
  {
    title: 'Meer oefentoetsen voor de basisleerlingen',
    description: 'Mijn basisleerlingen zouden graag per module een extra oefentoets maken, met kortere vragen en meer afbeeldingen.',
  },
  {
    title: 'Filmpjes bij de lessen over politiek',
    description:
      'Korte filmpjes van twee of drie minuten bij de lessen over verkiezingen en partijen zouden de lesstof veel levendiger maken.',
  },
  { title: 'Begrippenlijst als download', description: 'Graag per module een begrippenlijst die ik als pdf kan printen en uitdelen.' },
  {
    title: 'Actualiteitenopdracht per maand',
    description: 'Elke maand een opdracht over een actueel nieuwsonderwerp, aangepast aan de drie niveaus.',
  },
  {
    title: 'Antwoorden per opdracht vrijgeven',
    description: 'Ik wil de antwoorden per opdracht kunnen vrijgeven in plaats van voor de hele klas tegelijk.',
  },
  {
    title: 'Voorleesfunctie voor de teksten',
    description: 'Voor leerlingen met dyslexie zou een voorleesfunctie bij de lesteksten erg helpen.',
  },
  {
    title: 'Lessen over geld en schulden uitbreiden',
    description: 'Er mag meer aandacht komen voor budgetteren en schulden; veel leerlingen hebben daar vragen over.',
  },
  {
    title: 'Portfolio-opdracht met video',
    description: 'Leerlingen willen graag een korte video als portfolio-opdracht kunnen inleveren.',
  },
  { title: 'Donkere modus in de leeromgeving', description: 'Een aantal leerlingen vraagt om een donkere modus.', done: true },
  {
    title: 'Klascode kunnen kopiëren',
    description: 'Een knop om de klascode in één keer te kopiëren zou handig zijn bij het starten van het schooljaar.',
    done: true,
  },
];

export const WISHES_DE_LINDE: readonly WishSource[] = [
  {
    title: 'Meer casussen over criminaliteit',
    description: 'Onze leerlingen vinden de echte casussen erg leuk. Graag meer daarvan, ook voor kader.',
  },
  {
    title: 'Printversie met schrijflijnen',
    description: 'Bij het printen van modules zou ik graag extra schrijflijnen onder de opdrachten willen.',
  },
];

export const WISH_COMMENTS: readonly string[] = [
  'Goed idee, daar zit ik ook op te wachten!',
  'Eens, zeker voor de onderbouw.',
  'Misschien kan dit ook voor kader?',
  'Wij lossen dit nu op met eigen werkbladen, maar dit zou veel tijd schelen.',
  'Ik twijfel, de leerlingen hebben al veel schermtijd.',
  'Top, dank voor het doorgeven!',
  'Dit hebben we vorig jaar ook al gevraagd.',
];

/** Lesson texts of 'Maatschappijleer 2 (examenvak)'. Original demo text. */
import { L, type ChapterSource } from './content-types';

export const maatschappijleer2: readonly ChapterSource[] = [
  {
    name: 'Politiek en democratie',
    lessons: [
      L(
        'Wat is politiek?',
        [
          'Politiek gaat over keuzes die voor iedereen gelden. Bijvoorbeeld: komt er een nieuw zwembad of gaat het geld naar de bibliotheek?',
          'Omdat er nooit genoeg geld is voor alles, moeten politici kiezen. Daarover verschillen ze vaak van mening.',
          'In een democratie mogen burgers meebeslissen. Dat doen ze vooral door te stemmen bij verkiezingen.',
        ],
        [
          ['Waarom moeten politici keuzes maken?', 'Omdat er niet genoeg geld is om alles te doen.'],
          ['Hoe beslissen burgers mee in een democratie?', 'Vooral door te stemmen bij verkiezingen.'],
        ],
        [
          ['politiek', 'Het nemen van beslissingen die voor de hele samenleving gelden.'],
          ['democratie', 'Een staatsvorm waarin het volk via verkiezingen meebeslist.'],
        ],
      ),
      L(
        'Verkiezingen',
        [
          'Vanaf je achttiende mag je stemmen. Dat heet actief kiesrecht.',
          'Er zijn verkiezingen voor de gemeenteraad, de Provinciale Staten, de Tweede Kamer en het Europees Parlement.',
          'Wie niet stemt, laat anderen voor zich beslissen. Toch stemt niet iedereen: de opkomst is nooit honderd procent.',
        ],
        [
          ['Vanaf welke leeftijd mag je stemmen?', 'Vanaf achttien jaar.'],
          ['Noem twee soorten verkiezingen.', 'Bijvoorbeeld gemeenteraadsverkiezingen en Tweede Kamerverkiezingen.'],
        ],
        [
          ['actief kiesrecht', 'Het recht om te stemmen.'],
          ['opkomst', 'Het deel van de kiezers dat echt gaat stemmen.'],
        ],
      ),
      L(
        'Politieke partijen',
        [
          'Een politieke partij is een groep mensen met ongeveer dezelfde ideeën over hoe het land bestuurd moet worden.',
          'Partijen schrijven hun plannen op in een verkiezingsprogramma. Zo kunnen kiezers partijen vergelijken.',
          'Omdat geen partij de meerderheid heeft, werken partijen samen in een coalitie.',
        ],
        [
          ['Wat staat er in een verkiezingsprogramma?', 'De plannen en ideeën van een partij.'],
          ['Waarom vormen partijen een coalitie?', 'Omdat geen enkele partij alleen de meerderheid heeft.'],
        ],
        [
          ['politieke partij', 'Een groep mensen met dezelfde politieke ideeën.'],
          ['coalitie', 'Samenwerking van partijen die samen de meerderheid hebben.'],
        ],
      ),
      L(
        'Inspraak in je gemeente',
        [
          'De gemeente beslist over zaken dicht bij huis, zoals speelplekken, afvalinzameling en fietspaden.',
          'Inwoners kunnen meepraten. Ze kunnen een brief sturen, inspreken bij de gemeenteraad of meedoen met een jongerenraad.',
          'Ook actievoeren is een manier om invloed uit te oefenen, bijvoorbeeld met een petitie.',
        ],
        [
          ['Noem twee zaken waarover de gemeente beslist.', 'Bijvoorbeeld speelplekken en afvalinzameling.'],
          [
            'Noem een manier om als jongere invloed te hebben in je gemeente.',
            'Bijvoorbeeld meedoen met een jongerenraad of een petitie starten.',
          ],
        ],
        [
          ['gemeenteraad', 'Het gekozen bestuur van een gemeente dat de hoofdlijnen bepaalt.'],
          ['petitie', 'Een verzoek aan de overheid dat door veel mensen is ondertekend.'],
        ],
      ),
    ],
  },
  {
    name: 'Pluriforme samenleving',
    lessons: [
      L(
        'Nederland, een land van migranten',
        [
          'Al eeuwenlang komen mensen naar Nederland om hier te wonen en te werken. Zij heten migranten.',
          'Mensen migreren om verschillende redenen: voor werk, voor de liefde, om te studeren of omdat ze moeten vluchten.',
          'Door migratie is Nederland een pluriforme samenleving geworden: er wonen mensen met veel verschillende culturen.',
        ],
        [
          ['Noem drie redenen om te migreren.', 'Werk, liefde en vluchten voor oorlog of vervolging.'],
          ['Wat is een pluriforme samenleving?', 'Een samenleving met mensen uit veel verschillende culturen.'],
        ],
        [
          ['migrant', 'Iemand die verhuist naar een ander land om daar te wonen.'],
          ['pluriforme samenleving', 'Een samenleving waarin veel verschillende culturen samenleven.'],
        ],
      ),
      L(
        'Vooroordelen en discriminatie',
        [
          'Een vooroordeel is een mening over een groep mensen zonder dat je die mensen echt kent.',
          'Als je iemand anders behandelt vanwege zijn afkomst, geloof of geaardheid, is dat discriminatie. Dat is in Nederland verboden.',
          'Vooroordelen verdwijnen vaak als je mensen beter leert kennen.',
        ],
        [
          [
            'Wat is het verschil tussen een vooroordeel en discriminatie?',
            'Een vooroordeel is een gedachte, discriminatie is een daad: iemand anders behandelen.',
          ],
          ['Hoe kun je vooroordelen verminderen?', 'Door mensen uit de groep beter te leren kennen.'],
        ],
        [
          ['vooroordeel', 'Een mening over een groep zonder dat je die goed kent.'],
          ['discriminatie', 'Mensen ongelijk behandelen vanwege bijvoorbeeld afkomst, geloof of geslacht.'],
        ],
      ),
      L(
        'Samenleven met verschillen',
        [
          'In een klas of buurt zitten mensen met verschillende gewoonten. Dat kan botsen, maar het kan ook verrijken.',
          'Samenleven lukt beter als je respect hebt voor elkaar en met elkaar in gesprek gaat.',
          'Artikel 1 van de Grondwet zegt dat iedereen in gelijke gevallen gelijk behandeld moet worden.',
        ],
        [
          ['Wat zegt artikel 1 van de Grondwet?', 'Dat iedereen in gelijke gevallen gelijk behandeld wordt.'],
          ['Noem een voordeel van een klas met verschillende culturen.', 'Je leert andere gewoonten en ideeën kennen.'],
        ],
        [['Grondwet', 'De belangrijkste wet van Nederland met de grondrechten van burgers.']],
      ),
    ],
  },
  {
    name: 'Criminaliteit en rechtsstaat',
    lessons: [
      L(
        'Wat is criminaliteit?',
        [
          'Criminaliteit is gedrag dat volgens de wet strafbaar is, zoals diefstal, vernieling en geweld.',
          'Er zijn lichte misdrijven, overtredingen genoemd, en zware misdrijven. Door rood fietsen is een overtreding, een overval een misdrijf.',
          'Niet alle criminaliteit wordt gemeld bij de politie. Dat noem je het dark number.',
        ],
        [
          ['Wat is het verschil tussen een overtreding en een misdrijf?', 'Een overtreding is licht, een misdrijf is ernstig.'],
          [
            'Waarom melden mensen niet altijd een misdrijf?',
            'Bijvoorbeeld omdat ze denken dat het toch niets oplevert of omdat ze bang zijn.',
          ],
        ],
        [
          ['overtreding', 'Een licht strafbaar feit.'],
          ['misdrijf', 'Een ernstig strafbaar feit.'],
        ],
      ),
      L(
        'Politie en justitie',
        [
          'De politie houdt toezicht, helpt mensen en spoort verdachten op.',
          'De officier van justitie beslist of een verdachte voor de rechter moet komen.',
          'De rechter bepaalt of iemand schuldig is en welke straf daarbij hoort.',
        ],
        [
          ['Noem twee taken van de politie.', 'Toezicht houden en verdachten opsporen.'],
          ['Wie bepaalt de straf?', 'De rechter.'],
        ],
        [
          ['officier van justitie', 'Degene die namens de staat een verdachte vervolgt.'],
          ['verdachte', 'Iemand van wie gedacht wordt dat hij een strafbaar feit heeft gepleegd.'],
        ],
      ),
      L(
        'Jongeren en straf',
        [
          'Voor jongeren van twaalf tot achttien jaar geldt het jeugdstrafrecht. De straffen zijn lichter en meer gericht op leren.',
          'Bij kleine vergrijpen kan een jongere naar Halt. Daar maakt hij zijn fout goed, bijvoorbeeld door schade te herstellen.',
          'Het doel is dat de jongere niet opnieuw de fout in gaat.',
        ],
        [
          ['Voor welke leeftijd geldt het jeugdstrafrecht?', 'Van twaalf tot achttien jaar.'],
          ['Wat gebeurt er bij een Halt-straf?', 'De jongere maakt zijn fout goed, bijvoorbeeld door schade te herstellen.'],
        ],
        [['jeugdstrafrecht', 'De regels voor het straffen van jongeren van twaalf tot achttien jaar.']],
      ),
      L(
        'De rechtsstaat',
        [
          'In een rechtsstaat moet ook de overheid zich aan de wet houden.',
          'Iedere verdachte heeft rechten, zoals het recht op een advocaat en een eerlijk proces.',
          'De rechter is onafhankelijk: de regering mag hem niet vertellen wat hij moet beslissen.',
        ],
        [
          ['Noem twee rechten van een verdachte.', 'Het recht op een advocaat en op een eerlijk proces.'],
          ['Waarom moet de rechter onafhankelijk zijn?', 'Zodat de uitspraak eerlijk is en niet door de regering wordt bepaald.'],
        ],
        [
          ['rechtsstaat', 'Een staat waarin ook de overheid zich aan de wet moet houden.'],
          ['advocaat', 'Iemand die een verdachte juridisch bijstaat.'],
        ],
      ),
    ],
  },
  {
    name: 'Nederland en de wereld',
    levels: ['kader', 'gl-tl'],
    lessons: [
      L(
        'Nederland in Europa',
        [
          'Nederland is lid van de Europese Unie. De landen van de EU werken samen op het gebied van handel, klimaat en veiligheid.',
          'Binnen de EU kun je vrij reizen, werken en studeren. In veel landen betaal je met de euro.',
          'Sommige mensen vinden dat de EU te veel macht heeft. Anderen vinden dat landen samen sterker staan.',
        ],
        [
          ['Noem twee voordelen van de EU voor burgers.', 'Vrij reizen en in een ander EU-land mogen werken.'],
          ['Waarom zijn sommige mensen kritisch over de EU?', 'Ze vinden dat Nederland te veel zelf beslissen uit handen geeft.'],
        ],
        [['Europese Unie', 'Een samenwerkingsverband van Europese landen.']],
      ),
      L(
        'Internationale samenwerking',
        [
          'Problemen als klimaatverandering en oorlog houden niet op bij de grens. Daarom werken landen samen.',
          'In de Verenigde Naties praten bijna alle landen van de wereld met elkaar.',
          'De NAVO is een militair bondgenootschap: de leden beloven elkaar te helpen bij een aanval.',
        ],
        [
          ['Waarom werken landen samen?', 'Omdat veel problemen grensoverschrijdend zijn.'],
          ['Wat beloven NAVO-landen elkaar?', 'Dat ze elkaar helpen als een van hen wordt aangevallen.'],
        ],
        [
          ['Verenigde Naties', 'Een organisatie waarin bijna alle landen samenwerken voor vrede.'],
          ['NAVO', 'Een militair bondgenootschap van Europese en Noord-Amerikaanse landen.'],
        ],
      ),
      L(
        'Ontwikkelingshulp',
        [
          'In veel landen leven mensen in armoede. Rijke landen geven geld en kennis om daar iets aan te doen.',
          'Noodhulp is hulp na een ramp. Structurele hulp is bedoeld om een land op lange termijn sterker te maken.',
          'Over ontwikkelingshulp wordt veel gediscussieerd: helpt het echt, en hoeveel moet je geven?',
        ],
        [
          [
            'Wat is het verschil tussen noodhulp en structurele hulp?',
            'Noodhulp is direct na een ramp, structurele hulp werkt op lange termijn.',
          ],
          ['Geef een argument voor ontwikkelingshulp.', 'Bijvoorbeeld: het vermindert armoede en onrust in de wereld.'],
        ],
        [['ontwikkelingshulp', 'Hulp van rijke landen aan arme landen.']],
      ),
    ],
  },
];

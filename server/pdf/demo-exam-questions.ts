/**
 * The questions of the demo's exams and answer models (issue 28 item 16): each module its own, per
 * variant. BASIS asks to name and recognise, KGT (kader, gemengd en theoretisch) also to explain and
 * weigh; B-KGT is the combined exam for all three, with questions of both kinds. Written for this
 * project (vmbo, maatschappijleer); demo content is part of the product, so it must read right.
 */
import type { ExamVariant } from '../db/demo/files';

export type QuestionList = readonly (readonly [question: string, answer: string])[];

export const DEMO_EXAM_QUESTIONS: Readonly<Record<string, Partial<Record<ExamVariant, QuestionList>>>> = {
  'Toets Wat is maatschappijleer?': {
    BASIS: [
      ['Wat leer je bij het vak maatschappijleer?', 'Hoe de samenleving werkt en hoe je daar zelf aan meedoet.'],
      [
        'Noem twee maatschappelijke problemen die in het nieuws komen.',
        'Bijvoorbeeld: criminaliteit, armoede, klimaatverandering of discriminatie.',
      ],
      ['Wat is een mening?', 'Wat iemand ergens van vindt. Een mening kun je niet bewijzen, een feit wel.'],
      [
        'Noem een voorbeeld van een feit en een voorbeeld van een mening.',
        'Feit: Nederland heeft twaalf provincies. Mening: voetbal is de leukste sport.',
      ],
    ],
    KGT: [
      [
        'Leg uit wanneer een probleem een maatschappelijk probleem is.',
        'Als veel mensen er last van hebben, mensen er verschillend over denken en de overheid er iets aan moet of kan doen.',
      ],
      [
        'Noem twee manieren om een maatschappelijk probleem te onderzoeken.',
        'Bijvoorbeeld: bronnen lezen, mensen interviewen of een enquête houden.',
      ],
      [
        'Wat is het verschil tussen waarden en normen? Geef bij allebei een voorbeeld.',
        'Een waarde is iets wat je belangrijk vindt (eerlijkheid); een norm is een regel die daaruit volgt (je liegt niet).',
      ],
      [
        'Waarom is het belangrijk om informatie uit meer dan één bron te halen?',
        'Eén bron kan eenzijdig of onjuist zijn; met meer bronnen kun je vergelijken en zelf een mening vormen.',
      ],
    ],
  },
  'Toets Jongeren': {
    'B-KGT': [
      [
        'Noem twee groepen die invloed hebben op hoe een jongere zich gedraagt.',
        'Bijvoorbeeld: ouders, vrienden, school of sociale media.',
      ],
      ['Wat is socialisatie?', 'Het aanleren van de waarden en normen van de samenleving waarin je opgroeit.'],
      [
        'Wat is groepsdruk? Geef een voorbeeld.',
        'Dat je iets doet omdat de groep het verwacht, bijvoorbeeld roken omdat je vrienden dat ook doen.',
      ],
      [
        'Leg uit waarom jongeren andere normen kunnen hebben dan hun ouders.',
        'Ze groeien op in een andere tijd, met andere vrienden, muziek en media, en zoeken hun eigen identiteit.',
      ],
      [
        'Vanaf welke leeftijd mag je in Nederland alcohol kopen, en waarom heeft de overheid die grens gesteld?',
        'Vanaf 18 jaar; alcohol is schadelijk voor de hersenen van jongeren, die nog in ontwikkeling zijn.',
      ],
    ],
  },
  'Toets Media': {
    BASIS: [
      ['Noem drie soorten media.', 'Bijvoorbeeld: televisie, krant, radio, internet of sociale media.'],
      ['Wat is nepnieuws?', 'Nieuws dat niet waar is, maar wel echt lijkt en expres wordt verspreid.'],
      [
        'Hoe kun je controleren of een bericht op internet klopt?',
        'Kijken wie het bericht maakte en het nieuws opzoeken bij andere, betrouwbare bronnen.',
      ],
      [
        'Noem een voordeel en een nadeel van sociale media.',
        'Voordeel: snel contact met vrienden. Nadeel: je ziet ook nepnieuws of krijgt te maken met pesten.',
      ],
    ],
    KGT: [
      [
        'Noem drie functies van de media.',
        'Informeren, amuseren, opinie vormen (meningsvorming) en controleren van de macht (waakhondfunctie).',
      ],
      [
        'Leg uit wat een filterbubbel is.',
        'Een algoritme laat je vooral zien wat je al leuk vindt, zodat je weinig andere meningen tegenkomt.',
      ],
      [
        'Waarom is persvrijheid belangrijk in een democratie?',
        'Journalisten kunnen dan vrij over de overheid berichten, zodat burgers weten wat er gebeurt en machtsmisbruik uitkomt.',
      ],
      [
        'Wat is het verschil tussen een nieuwsbericht en een column?',
        'Een nieuwsbericht geeft feiten; in een column geeft de schrijver zijn eigen mening.',
      ],
    ],
  },
  'Toets Politiek en democratie': {
    'B-KGT': [
      ['Vanaf welke leeftijd mag je in Nederland stemmen voor de Tweede Kamer?', 'Vanaf 18 jaar.'],
      ['Wat doet een politieke partij?', 'Mensen met dezelfde ideeën werken samen om hun plannen via de politiek uit te voeren.'],
      ['Wat is een coalitie?', 'Een samenwerking van partijen die samen een meerderheid in de Tweede Kamer hebben en de regering steunen.'],
      [
        'Leg uit waarom Nederland een parlementaire democratie is.',
        'Het volk kiest het parlement, en het parlement controleert de regering.',
      ],
    ],
    BASIS: [
      ['Noem twee kenmerken van een democratie.', 'Bijvoorbeeld: vrije verkiezingen en vrijheid van meningsuiting.'],
      ['Hoeveel leden heeft de Tweede Kamer?', '150.'],
      ['Wie is het hoofd van de regering in Nederland?', 'De minister-president.'],
      [
        'Noem een manier waarop jij invloed kunt hebben op de politiek, ook als je nog geen 18 bent.',
        'Bijvoorbeeld: demonstreren, een petitie tekenen of in de leerlingenraad gaan.',
      ],
    ],
    KGT: [
      [
        'Noem de drie machten uit de trias politica en zeg wie ze uitvoeren.',
        'Wetgevende macht: regering en parlement. Uitvoerende macht: regering. Rechterlijke macht: de rechters.',
      ],
      [
        'Leg uit wat het verschil is tussen links en rechts in de politiek.',
        'Links wil meer gelijkheid en een grotere rol voor de overheid; rechts wil meer vrijheid en eigen verantwoordelijkheid.',
      ],
      [
        'Wat doet de Eerste Kamer?',
        'Ze controleert of wetten die de Tweede Kamer heeft aangenomen goed en uitvoerbaar zijn, en stemt erover.',
      ],
      [
        'Welke twee rechten heeft de Tweede Kamer om de regering te controleren? Leg er één uit.',
        'Bijvoorbeeld: vragenrecht (ministers moeten vragen beantwoorden) en recht van enquête (een groot onderzoek met verhoren onder ede).',
      ],
    ],
  },
  'Toets Pluriforme samenleving': {
    BASIS: [
      ['Wat betekent het begrip "pluriforme samenleving"?', 'Een samenleving met veel verschillende groepen, culturen en opvattingen.'],
      [
        'Noem twee redenen waarom mensen naar Nederland komen.',
        'Bijvoorbeeld: werk, studie, vluchten voor oorlog of bij familie gaan wonen.',
      ],
      ['Wat is discriminatie?', 'Mensen ongelijk behandelen om bijvoorbeeld hun afkomst, geloof of geslacht.'],
      ['In welk artikel van de Grondwet staat dat discriminatie verboden is?', 'Artikel 1.'],
    ],
    KGT: [
      [
        'Wat is het verschil tussen een vooroordeel en discriminatie?',
        'Een vooroordeel is een mening zonder dat je iemand kent; discriminatie is iemand echt anders behandelen.',
      ],
      [
        'Wat is integratie?',
        'Meedoen in de samenleving, zoals de taal leren, werken en contact hebben met andere groepen, en je eigen cultuur mag je houden.',
      ],
      [
        'Leg uit wat het verschil is tussen een asielzoeker en een arbeidsmigrant.',
        'Een asielzoeker vlucht voor oorlog of vervolging; een arbeidsmigrant komt hier om te werken.',
      ],
      [
        'Noem een voordeel en een nadeel van een pluriforme samenleving.',
        'Voordeel: meer verschillende ideeën, eten en talenten. Nadeel: er kunnen misverstanden en spanningen tussen groepen ontstaan.',
      ],
    ],
  },
  'Toets Criminaliteit en rechtsstaat': {
    BASIS: [
      [
        'Wat is het verschil tussen een overtreding en een misdrijf?',
        'Een overtreding is een lichter strafbaar feit (door rood fietsen); een misdrijf is ernstiger (diefstal).',
      ],
      ['Vanaf welke leeftijd kun je in Nederland worden gestraft voor een strafbaar feit?', 'Vanaf 12 jaar.'],
      ['Noem twee taken van de politie.', 'Bijvoorbeeld: de openbare orde handhaven, misdrijven opsporen en hulp verlenen.'],
      [
        'Wat is een taakstraf?',
        'Een straf waarbij je onbetaald werk doet of een leerstraf volgt in plaats van naar de gevangenis te gaan.',
      ],
    ],
    KGT: [
      [
        'Waarom is een onafhankelijke rechter belangrijk?',
        'Zodat iedereen een eerlijk proces krijgt en de macht van de overheid wordt beperkt.',
      ],
      [
        'Wat doet de officier van justitie?',
        'Hij leidt het opsporingsonderzoek, besluit of iemand wordt vervolgd en eist in de rechtszaal een straf.',
      ],
      [
        'Noem twee doelen van straffen.',
        'Bijvoorbeeld: vergelding, de samenleving beschermen, voorkomen dat de dader het opnieuw doet en afschrikken.',
      ],
      [
        'Leg uit wat wordt bedoeld met "iemand is onschuldig tot het tegendeel is bewezen".',
        'Een verdachte mag niet als dader worden behandeld zolang de rechter niet heeft bewezen dat hij schuldig is.',
      ],
    ],
  },
  'Toets Duurzaamheid': {
    'B-KGT': [
      ['Wat betekent duurzaam leven?', 'Zo leven dat de aarde ook voor latere generaties leefbaar blijft.'],
      [
        'Noem twee dingen die je thuis kunt doen om energie te besparen.',
        'Bijvoorbeeld: korter douchen, het licht uitdoen en de verwarming lager zetten.',
      ],
      ['Wat is het broeikaseffect?', 'Gassen zoals CO2 houden warmte vast in de dampkring, waardoor de aarde opwarmt.'],
      [
        'Leg uit waarom duurzame producten vaak duurder zijn.',
        'Eerlijke lonen, betere materialen en minder vervuiling kosten de maker meer geld.',
      ],
    ],
    KGT: [
      ['Noem twee bronnen van duurzame energie.', 'Bijvoorbeeld: zonne-energie, windenergie en waterkracht.'],
      [
        'Wat is het verschil tussen een circulaire en een lineaire economie?',
        'In een lineaire economie gooi je producten na gebruik weg; in een circulaire economie worden grondstoffen steeds opnieuw gebruikt.',
      ],
      [
        'Welke rol kan de overheid spelen bij duurzaamheid? Geef twee voorbeelden.',
        'Bijvoorbeeld: subsidie geven op zonnepanelen, belasting heffen op vervuiling of regels maken voor uitstoot.',
      ],
      [
        'Waarom is klimaatverandering een internationaal probleem?',
        'Uitstoot in één land heeft gevolgen voor de hele aarde, dus landen moeten samen afspraken maken.',
      ],
    ],
  },
  'Toets Mensenrechten': {
    KGT: [
      ['Wat zijn mensenrechten?', 'Rechten die voor ieder mens gelden, waar hij ook woont, zoals het recht op leven en vrijheid.'],
      [
        'Hoe heet de verklaring van de Verenigde Naties uit 1948 over mensenrechten?',
        'De Universele Verklaring van de Rechten van de Mens.',
      ],
      [
        'Noem twee klassieke grondrechten uit de Nederlandse Grondwet.',
        'Bijvoorbeeld: vrijheid van meningsuiting, vrijheid van godsdienst en het kiesrecht.',
      ],
      [
        'Wat is het verschil tussen klassieke en sociale grondrechten?',
        'Klassieke grondrechten beschermen je tegen de overheid; sociale grondrechten vragen de overheid om voor iets te zorgen, zoals onderwijs.',
      ],
      [
        'Noem een organisatie die opkomt voor mensenrechten en zeg wat die doet.',
        'Bijvoorbeeld Amnesty International: voert actie voor mensen die onterecht gevangen zitten.',
      ],
    ],
  },
};

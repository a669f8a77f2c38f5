/** Lesson texts of 'Maatschappijleer 1'. Original demo text. */
import { L, type ChapterSource } from './content-types';

export const maatschappijleer1: readonly ChapterSource[] = [
  {
    name: 'Wat is maatschappijleer?',
    lessons: [
      L(
        'Wat is een maatschappelijk probleem?',
        [
          'Een maatschappelijk probleem is een probleem dat veel mensen raakt. Denk aan pesten op school, armoede of te weinig woningen voor jongeren.',
          "Over zo'n probleem hebben mensen verschillende meningen. Daarom praten politici, organisaties en burgers erover en zoeken ze samen naar een oplossing.",
          'Bij maatschappijleer leer je zulke problemen te onderzoeken. Je kijkt naar oorzaken, gevolgen en mogelijke oplossingen.',
        ],
        [
          [
            'Noem twee kenmerken van een maatschappelijk probleem.',
            'Het raakt veel mensen en mensen hebben er verschillende meningen over.',
          ],
          [
            'Is een lekke band van jouw fiets een maatschappelijk probleem? Leg uit.',
            'Nee, het raakt alleen jou. Het is een persoonlijk probleem.',
          ],
        ],
        [
          ['maatschappelijk probleem', 'Een probleem dat veel mensen raakt en waarover verschillende meningen bestaan.'],
          ['oplossing', 'Een manier om een probleem kleiner te maken of weg te nemen.'],
        ],
      ),
      L(
        'Meningen en feiten',
        [
          'Een feit is iets wat je kunt controleren. Bijvoorbeeld: in Nederland wonen meer dan zeventien miljoen mensen.',
          'Een mening is wat iemand ergens van vindt. Bijvoorbeeld: Nederland is te vol. Een ander kan daar heel anders over denken.',
          'Bij een discussie is het belangrijk dat je je mening onderbouwt met argumenten. Een goed argument gebruikt feiten.',
        ],
        [
          ['Is "Voetbal is de leukste sport" een feit of een mening?', 'Een mening, want niet iedereen vindt dat.'],
          ['Waarom is een argument met feiten sterker?', 'Omdat anderen het kunnen controleren; het is niet alleen een gevoel.'],
        ],
        [
          ['feit', 'Iets wat waar is en wat je kunt controleren.'],
          ['mening', 'Wat iemand vindt of denkt over een onderwerp.'],
        ],
      ),
      L(
        'Waarden en normen',
        [
          'Waarden zijn dingen die mensen belangrijk vinden, zoals eerlijkheid, vrijheid en respect.',
          'Normen zijn regels voor gedrag die uit waarden volgen. Wie respect belangrijk vindt, laat een ander uitpraten.',
          'Niet iedereen heeft dezelfde waarden en normen. Ze hangen af van je opvoeding, je vrienden en de cultuur waarin je opgroeit.',
        ],
        [
          ['Noem een norm die hoort bij de waarde "eerlijkheid".', 'Bijvoorbeeld: je spiekt niet bij een toets.'],
          ['Noem twee dingen die invloed hebben op je waarden.', 'Bijvoorbeeld je opvoeding en je vrienden.'],
        ],
        [
          ['waarde', 'Iets wat mensen belangrijk vinden.'],
          ['norm', 'Een regel voor gedrag die voortkomt uit een waarde.'],
        ],
      ),
      L(
        'Socialisatie: zo word je wie je bent',
        [
          'Vanaf je geboorte leer je hoe je je moet gedragen. Dat leerproces heet socialisatie.',
          'Je ouders, school, vrienden en media leren je wat normaal is. Zij heten socialisatoren.',
          'Als puber kijk je vaak meer naar vrienden dan naar je ouders. Vrienden worden dan een belangrijke socialisator.',
        ],
        [
          ['Wat is socialisatie?', 'Het leerproces waarin je leert hoe je je in de samenleving gedraagt.'],
          ['Noem drie socialisatoren.', 'Bijvoorbeeld ouders, school en vrienden.'],
        ],
        [
          ['socialisatie', 'Het aanleren van waarden, normen en gedrag.'],
          ['socialisator', 'Een persoon of groep die jou waarden en normen leert.'],
        ],
      ),
    ],
  },
  {
    name: 'Jongeren',
    lessons: [
      L(
        'Jongerencultuur',
        [
          'Jongeren hebben vaak hun eigen muziek, kleding en taal. Dat noem je jongerencultuur.',
          "Binnen de jongerencultuur bestaan weer kleinere groepen, zoals gamers of skaters. Zo'n groep heet een subcultuur.",
          'Door bij een groep te horen laat je zien wie je bent. Tegelijk wil je ook jezelf blijven.',
        ],
        [
          ['Noem twee voorbeelden van jongerencultuur.', 'Bijvoorbeeld eigen muziek en eigen woorden of straattaal.'],
          ['Waarom willen jongeren graag bij een groep horen?', 'Het geeft een gevoel van veiligheid en je laat zien wie je bent.'],
        ],
        [
          ['jongerencultuur', 'De eigen gewoonten, kleding, muziek en taal van jongeren.'],
          ['subcultuur', 'Een groep binnen een grotere cultuur met eigen kenmerken.'],
        ],
      ),
      L(
        'Vrije tijd en geld',
        [
          'Jongeren besteden veel vrije tijd aan hun telefoon, sport en vrienden. Veel van die dingen kosten geld.',
          'Je geld komt uit zakgeld of uit een bijbaan. Je moet kiezen waaraan je het uitgeeft: dat heet budgetteren.',
          'Wie meer uitgeeft dan er binnenkomt, krijgt schulden. Daarom is het slim om bij te houden wat je uitgeeft.',
        ],
        [
          ['Wat betekent budgetteren?', 'Plannen waaraan je je geld uitgeeft, zodat je niet meer uitgeeft dan je hebt.'],
          ['Geef een tip om schulden te voorkomen.', 'Bijvoorbeeld: schrijf je uitgaven op of spaar eerst voordat je iets koopt.'],
        ],
        [
          ['budget', 'Het geld dat je voor een bepaalde periode te besteden hebt.'],
          ['schuld', 'Geld dat je aan iemand anders moet terugbetalen.'],
        ],
      ),
      L(
        'Groepsdruk',
        [
          'Soms doe je iets omdat je vrienden het ook doen, terwijl je het zelf eigenlijk niet wilt. Dat heet groepsdruk.',
          'Groepsdruk kan positief zijn, bijvoorbeeld als vrienden je aanmoedigen om te sporten. Het kan ook negatief zijn, zoals bij roken of pesten.',
          'Nee zeggen is lastig. Het helpt als je van tevoren weet wat je wel en niet wilt.',
        ],
        [
          ['Geef een voorbeeld van positieve groepsdruk.', 'Bijvoorbeeld vrienden die je overhalen om mee te gaan sporten.'],
          [
            'Hoe kun je sterker staan tegen negatieve groepsdruk?',
            'Door vooraf te bedenken wat je wilt en een vriend te zoeken die er net zo over denkt.',
          ],
        ],
        [['groepsdruk', 'De druk die je voelt om te doen wat de groep doet.']],
      ),
    ],
  },
  {
    name: 'Media',
    lessons: [
      L(
        'Welke media gebruik jij?',
        [
          'Media zijn middelen om informatie te delen, zoals televisie, kranten, websites en sociale media.',
          'Jongeren gebruiken vooral sociale media en streamingdiensten. Ouderen lezen vaker een krant of kijken het journaal.',
          'Media hebben verschillende functies: ze informeren, vermaken en laten je meepraten.',
        ],
        [
          ['Noem drie soorten media.', 'Bijvoorbeeld televisie, krant en sociale media.'],
          ['Noem twee functies van media.', 'Informeren en vermaken.'],
        ],
        [
          ['media', 'Middelen waarmee informatie wordt gedeeld met veel mensen.'],
          ['sociale media', 'Websites en apps waarop gebruikers zelf berichten delen.'],
        ],
      ),
      L(
        'Nepnieuws herkennen',
        [
          'Nepnieuws is een bericht dat niet klopt, maar wel echt lijkt. Het wordt vaak expres verspreid.',
          'Controleer daarom altijd de bron. Staat het bericht ook op een betrouwbare nieuwssite?',
          "Let ook op schreeuwerige koppen en foto's zonder bron. Die zijn een teken dat je moet oppassen.",
        ],
        [
          ['Wat is nepnieuws?', 'Een onjuist bericht dat als echt nieuws wordt gepresenteerd.'],
          ['Hoe controleer je of een bericht klopt?', 'Door te kijken of betrouwbare bronnen hetzelfde melden.'],
        ],
        [
          ['nepnieuws', 'Onjuiste informatie die eruitziet als echt nieuws.'],
          ['bron', 'De plek of persoon waar informatie vandaan komt.'],
        ],
      ),
      L(
        'Privacy online',
        [
          'Alles wat je online zet, kan lang blijven bestaan. Ook als je het later verwijdert, kan iemand een screenshot hebben gemaakt.',
          'Apps verzamelen gegevens over jou, zoals je locatie en wat je leuk vindt. Daarmee verdienen bedrijven geld.',
          'Met goede privacy-instellingen en sterke wachtwoorden bescherm je jezelf.',
        ],
        [
          ['Waarom verzamelen apps gegevens over jou?', 'Om gerichte reclame te tonen en daar geld mee te verdienen.'],
          ['Noem twee manieren om je privacy te beschermen.', 'Privacy-instellingen aanzetten en sterke wachtwoorden gebruiken.'],
        ],
        [['privacy', 'Het recht om zelf te bepalen wie wat over jou weet.']],
      ),
      L(
        'Reclame en influencers',
        [
          'Influencers hebben veel volgers. Bedrijven betalen hen om producten te laten zien.',
          'Volgens de regels moet een influencer melden dat een bericht reclame is. Dat gebeurt niet altijd.',
          'Vraag je bij een bericht daarom af: wil deze persoon mij iets verkopen?',
        ],
        [
          ['Waarom betalen bedrijven influencers?', 'Omdat veel volgers de producten dan zien en willen kopen.'],
          ['Wat moet een influencer melden?', 'Dat een bericht betaalde reclame is.'],
        ],
        [
          ['influencer', 'Iemand met veel volgers die invloed heeft op wat zij kopen of denken.'],
          ['reclame', 'Een boodschap die je wil overhalen iets te kopen of te doen.'],
        ],
      ),
    ],
  },
  {
    name: 'Werk',
    lessons: [
      L(
        'Waarom werken mensen?',
        [
          'De meeste mensen werken om geld te verdienen. Van hun loon betalen ze de huur, boodschappen en vrije tijd.',
          "Werk geeft ook contact met collega's en het gevoel dat je nuttig bent.",
          'Niet al het werk wordt betaald. Vrijwilligers en mantelzorgers werken zonder loon.',
        ],
        [
          ['Noem twee redenen om te werken, naast geld verdienen.', 'Contact met anderen en het gevoel nuttig te zijn.'],
          ['Wat is een mantelzorger?', 'Iemand die zonder loon zorgt voor een ziek familielid of een naaste.'],
        ],
        [
          ['loon', 'Het geld dat je verdient met je werk.'],
          ['vrijwilligerswerk', 'Werk dat je doet zonder er geld voor te krijgen.'],
        ],
      ),
      L(
        'Je eerste bijbaan',
        [
          'Veel jongeren hebben een bijbaan, bijvoorbeeld in de supermarkt of als krantenbezorger.',
          'Voor jongeren onder de achttien gelden speciale regels. Je mag niet te laat werken en niet te veel uren maken.',
          'Je hebt recht op minimaal het minimumjeugdloon. Hoe hoog dat is, hangt af van je leeftijd.',
        ],
        [
          ['Waarom gelden er speciale regels voor jonge werknemers?', 'Om hun gezondheid en hun schoolwerk te beschermen.'],
          ['Waar hangt de hoogte van het minimumjeugdloon van af?', 'Van je leeftijd.'],
        ],
        [['minimumjeugdloon', 'Het laagste loon dat een werkgever een jongere mag betalen.']],
      ),
      L(
        'Werk en inkomen',
        [
          'Mensen met een diploma verdienen gemiddeld meer dan mensen zonder diploma.',
          'Wie geen werk heeft, kan een uitkering krijgen. Die wordt betaald uit belastinggeld.',
          'Door de inkomensverschillen hebben sommige mensen veel meer te besteden dan anderen.',
        ],
        [
          ['Waarom is een diploma belangrijk voor je inkomen?', 'Met een diploma kun je vaak beter betaald werk krijgen.'],
          ['Waar wordt een uitkering van betaald?', 'Van belastinggeld.'],
        ],
        [
          ['inkomen', 'Al het geld dat je in een bepaalde periode ontvangt.'],
          ['uitkering', 'Geld van de overheid voor mensen die (tijdelijk) geen inkomen uit werk hebben.'],
        ],
      ),
    ],
  },
];

import type { CountryLanding, CountrySlug } from "./types";

export const countries: readonly CountryLanding[] = [
  {
    country: "USA",
    slug: "usa",
    countryCode: "US",
    flag: "🇺🇸",
    navTitle: "Shilajit in USA",
    currency: "USD",
    price: "29.99",
    heroTitle: "Himalayan Shilajit, Shipped Across the USA",
    heroSubtitle:
      "Pure resin from the Nepal Himalaya, tested by independent labs and sent by tracked international shipping to all 50 states.",
    introTitle: "Made for Busy American Routines",
    introText:
      "Between early commutes, long workdays and weekend workouts, a lot of Americans want one simple, natural addition to their day. Herbo Shilajit is pure Himalayan resin, harvested from high-altitude rock in Nepal and purified in small batches. Stir a pea-sized amount, about 250-300 mg, into warm water or tea once or twice daily, and you're done.",
    benefits: [
      {
        icon: "bolt",
        title: "Steady Daily Energy",
        text: "Traditionally used as a stamina tonic, shilajit may support natural energy through long workdays and packed family schedules.",
      },
      {
        icon: "dumbbell",
        title: "Gym and Trail Recovery",
        text: "Whether you lift, run or hike, shilajit may support your body's normal recovery alongside good nutrition, hydration and rest.",
      },
      {
        icon: "brain",
        title: "Clear Focus at Work",
        text: "Rich in fulvic acid, shilajit may support everyday mental focus when your calendar is full.",
      },
    ],
    whyChoose: [
      {
        icon: "flask",
        title: "Third-Party Lab Tested",
        text: "Our resin is tested by independent labs for purity and heavy metals, so you aren't relying on marketing claims alone.",
      },
      {
        icon: "award",
        title: "ISO and GMP Certified",
        text: "Herbo Shilajit is made in an ISO and GMP certified facility, with purification done in small batches for consistent quality.",
      },
      {
        icon: "truck",
        title: "Shipping to All 50 States",
        text: "Every order goes out by tracked international shipping, coast to coast, and is backed by our 100% satisfaction guarantee.",
      },
    ],
    testimonials: [
      {
        name: "Jason T.",
        location: "Denver, Colorado",
        text: "I wanted a shilajit brand that actually talks about independent lab testing, and this one does. A pea-sized amount in warm water is now part of my routine before a morning hike.",
      },
      {
        name: "Karen M.",
        location: "Columbus, Ohio",
        text: "The jar arrived well packed, and I could follow the tracking all the way from Nepal. The measuring spoon makes it easy to take the same amount each day.",
      },
      {
        name: "Luis G.",
        location: "Austin, Texas",
        text: "The taste is earthy and strong, so I mix it into tea after the gym. Good product, clear instructions and quick answers when I emailed with a question.",
      },
    ],
    metaTitle: "Himalayan Shilajit Resin in the USA | Herbo Shilajit",
    metaDescription:
      "Pure Himalayan shilajit resin from Nepal, tested by independent labs for purity and heavy metals, with tracked shipping to all 50 US states.",
  },
  {
    country: "India",
    slug: "india",
    countryCode: "IN",
    flag: "🇮🇳",
    navTitle: "Shilajit in India",
    currency: "INR",
    price: "1499",
    heroLang: "hi",
    heroTitle: "नेपाल हिमालय का शुद्ध शिलाजीत",
    heroSubtitle:
      "नेपाल हिमालय की ऊँचाई वाली चट्टानों से एकत्र किया गया, छोटे बैचों में शुद्ध और स्वतंत्र प्रयोगशालाओं में जाँचा गया शिलाजीत रेज़िन, अब ट्रैकिंग सहित अंतरराष्ट्रीय शिपिंग से भारत में।",
    introTitle: "Shilajatu, as Ayurveda Knew It",
    introText:
      "In Ayurveda, shilajit is known as shilajatu and has long been valued as a rasayana, a rejuvenating tonic. Today, though, much of what is sold under that name in markets and online is diluted or simply not genuine. Herbo Shilajit is harvested from high-altitude rock in the Nepal Himalaya, purified in small batches and tested by independent labs for purity and heavy metals, so you know what is in the jar.",
    benefits: [
      {
        icon: "leaf",
        title: "A Classic Rasayana",
        text: "Ayurvedic texts describe shilajatu as a rasayana, traditionally used to support strength, vitality and healthy ageing.",
      },
      {
        icon: "bolt",
        title: "Energy for Long Days",
        text: "From early commutes to late-evening calls, shilajit may support natural stamina as part of a balanced diet and proper sleep.",
      },
      {
        icon: "droplet",
        title: "Fulvic Acid and Minerals",
        text: "Genuine shilajit naturally contains fulvic acid and trace minerals, which may support overall wellness.",
      },
    ],
    whyChoose: [
      {
        icon: "shield",
        title: "Genuine, Not Adulterated",
        text: "With so many fakes around, we rely on independent lab testing for purity and heavy metals rather than promises.",
      },
      {
        icon: "mountain",
        title: "Sourced in the Nepal Himalaya",
        text: "Our resin comes from high-altitude rock in Nepal and is purified in small batches in an ISO and GMP certified facility.",
      },
      {
        icon: "award",
        title: "Trusted by Customers",
        text: "Rated 4.9/5 from 500+ reviews, and every order is covered by our 100% satisfaction guarantee.",
        rated: {
          measured: {
            title: "Trusted by Customers",
            text: "Rated {rating} by verified buyers, and every order is covered by our 100% satisfaction guarantee.",
          },
          unrated: {
            title: "Backed by Our Guarantee",
            text: "Every order is covered by our 100% satisfaction guarantee.",
          },
        },
      },
    ],
    testimonials: [
      {
        name: "Rohit S.",
        location: "Pune, Maharashtra",
        text: "I had bought shilajit from a local shop before and was never sure it was real. This one dissolves cleanly in warm water and is lab-tested, which gave me confidence.",
      },
      {
        name: "Priya K.",
        location: "Jaipur, Rajasthan",
        text: "My grandmother always spoke about shilajatu, so I wanted a clean, trustworthy source. I take a small amount in warm milk in the morning and it fits easily into my routine.",
      },
      {
        name: "Arjun M.",
        location: "Bengaluru, Karnataka",
        text: "Packaging was neat and the tracking worked throughout. The spoon helps me stick to a pea-sized amount without guessing.",
      },
    ],
    metaTitle: "Pure Himalayan Shilajit in India | Herbo Shilajit",
    metaDescription:
      "Genuine Himalayan shilajit (shilajatu) from Nepal for buyers in India: small-batch purified, lab-tested for purity and heavy metals, with tracked shipping.",
  },
  {
    country: "UK",
    slug: "uk",
    countryCode: "GB",
    flag: "🇬🇧",
    navTitle: "Shilajit in UK",
    currency: "GBP",
    price: "24.99",
    heroTitle: "Himalayan Shilajit, Delivered to the UK",
    heroSubtitle:
      "Small-batch resin from the Nepal Himalaya, independently tested for purity and heavy metals, with tracked international shipping to your door.",
    introTitle: "A Considered Choice",
    introText:
      "Shilajit has a long history in Ayurvedic practice, while modern research into it is still at a relatively early stage. We think that calls for a measured approach: honest labelling, independent testing and no exaggerated promises. Herbo Shilajit is a pure resin with a deep, dark colour and an earthy, slightly bitter flavour, taken as a pea-sized amount, about 250-300 mg, once or twice daily.",
    benefits: [
      {
        icon: "bolt",
        title: "Natural Energy Support",
        text: "Traditionally used as a tonic, shilajit may support everyday energy through early starts, commutes and short winter days.",
      },
      {
        icon: "leaf",
        title: "Rooted in Tradition",
        text: "In Ayurveda, shilajit is a rasayana, one of a group of preparations traditionally used to support vitality and healthy ageing.",
      },
      {
        icon: "flask",
        title: "A Source of Fulvic Acid",
        text: "Shilajit naturally contains fulvic acid, a compound researchers are studying for its possible antioxidant role.",
      },
    ],
    whyChoose: [
      {
        icon: "flask",
        title: "Independently Tested",
        text: "Our resin is tested by independent laboratories for purity and heavy metals, so quality is checked rather than simply claimed.",
      },
      {
        icon: "award",
        title: "Certified Manufacturing",
        text: "Purified in small batches in an ISO and GMP certified facility, for consistency from one jar to the next.",
      },
      {
        icon: "check",
        title: "A Straightforward Guarantee",
        text: "Every order travels by tracked international shipping and is backed by our 100% satisfaction guarantee.",
      },
    ],
    testimonials: [
      {
        name: "Tom H.",
        location: "Manchester, England",
        text: "I read up quite a bit before buying and appreciated that the site doesn't make wild claims. The resin is good quality and the measuring spoon is a sensible touch.",
      },
      {
        name: "Sarah W.",
        location: "Bristol, England",
        text: "The flavour is strong and earthy, so I have it in a cup of tea rather than plain water. The parcel was tracked all the way and arrived well sealed.",
      },
      {
        name: "Callum D.",
        location: "Edinburgh, Scotland",
        text: "I'd tried a powder before, but I prefer the resin. It's easy to fit into my morning routine before cycling to work.",
      },
    ],
    metaTitle: "Himalayan Shilajit Resin in the UK | Herbo Shilajit",
    metaDescription:
      "Pure Himalayan shilajit resin from Nepal, independently tested for purity and heavy metals. Honest labelling and tracked international shipping to the UK.",
  },
  {
    country: "Canada",
    slug: "canada",
    countryCode: "CA",
    flag: "🇨🇦",
    navTitle: "Shilajit in Canada",
    currency: "CAD",
    price: "39.99",
    heroTitle: "Himalayan Shilajit for Canadian Seasons",
    heroSubtitle:
      "Pure mountain resin from the Nepal Himalaya for long winters and busy outdoor summers, with tracked international shipping across Canada.",
    introTitle: "From the Himalaya to the Rockies",
    introText:
      "Canadians know a thing or two about mountains and cold. Shilajit forms slowly in high-altitude rock, and people in the Himalaya have traditionally taken it through harsh winters and demanding seasons. Herbo Shilajit brings that resin from Nepal to you, purified in small batches and tested by independent labs, ready to stir into a warm drink on a cold morning.",
    benefits: [
      {
        icon: "shield",
        title: "Winter Wellness Routine",
        text: "With its fulvic acid and trace minerals, shilajit may support your natural defences as part of a healthy routine through the colder months.",
      },
      {
        icon: "mountain",
        title: "Outdoor Stamina",
        text: "Whether you ski, snowshoe, paddle or hike, shilajit is traditionally used for stamina and may support endurance on active days outside.",
      },
      {
        icon: "dumbbell",
        title: "Recovery After Activity",
        text: "After hockey, a long run or shovelling the driveway, shilajit may support normal recovery alongside rest and good nutrition.",
      },
    ],
    whyChoose: [
      {
        icon: "flask",
        title: "Tested by Independent Labs",
        text: "Independent laboratories check our resin for purity and heavy metals, so you can buy with confidence.",
      },
      {
        icon: "leaf",
        title: "Pure, Simple Resin",
        text: "Just purified Himalayan resin in 10 g, 20 g or 30 g jars, each with a measuring spoon for an easy daily serving.",
      },
      {
        icon: "truck",
        title: "Tracked Shipping Across Canada",
        text: "From Vancouver to St. John's, orders travel by tracked international shipping and are backed by our 100% satisfaction guarantee.",
      },
    ],
    testimonials: [
      {
        name: "Megan L.",
        location: "Calgary, Alberta",
        text: "I take it in warm tea before heading out to the mountains on weekends. The little spoon makes it easy to measure, and a jar lasts a good while.",
      },
      {
        name: "Daniel B.",
        location: "Halifax, Nova Scotia",
        text: "Shipping was tracked the whole way and the jar arrived in good shape despite a snowy week. A solid, no-nonsense product.",
      },
      {
        name: "Amrit G.",
        location: "Surrey, British Columbia",
        text: "My family has known shilajit for generations, and it was hard to find one I trusted here. I like that this one is lab-tested and comes straight from Nepal.",
      },
    ],
    metaTitle: "Himalayan Shilajit Resin in Canada | Herbo Shilajit",
    metaDescription:
      "Pure Himalayan shilajit resin from Nepal for Canadian winters and outdoor life. Lab-tested for purity and heavy metals, with tracked shipping across Canada.",
  },
  {
    country: "UAE",
    slug: "uae",
    countryCode: "AE",
    flag: "🇦🇪",
    navTitle: "Shilajit in UAE",
    currency: "AED",
    price: "110",
    heroTitle: "Pure Himalayan Shilajit in the UAE",
    heroSubtitle:
      "Lab-tested resin from the Nepal Himalaya, delivered by tracked international shipping to Dubai, Abu Dhabi, Sharjah and across the Emirates.",
    introTitle: "Mountain Resin for a Fast-Paced Life",
    introText:
      "Long working hours, frequent travel and summer heat make a simple daily routine all the more valuable. Herbo Shilajit is a natural mineral resin from high-altitude rock in Nepal, and it contains no animal-derived ingredients. Take a pea-sized amount, about 250-300 mg, dissolved in warm water or tea once or twice daily, and keep the jar somewhere cool and dry.",
    benefits: [
      {
        icon: "bolt",
        title: "Energy for Long Workdays",
        text: "Shilajit is traditionally used as a tonic and may support steady energy through demanding schedules and late meetings.",
      },
      {
        icon: "brain",
        title: "Focus on the Go",
        text: "Its fulvic acid content may support mental clarity, whether you are in the office, on a flight or between site visits.",
      },
      {
        icon: "droplet",
        title: "Natural Trace Minerals",
        text: "Shilajit naturally contains fulvic acid and trace minerals, and may complement a balanced diet and good hydration in the heat.",
      },
    ],
    whyChoose: [
      {
        icon: "leaf",
        title: "No Animal-Derived Ingredients",
        text: "Herbo Shilajit is a natural mineral resin that contains no animal-derived ingredients, purified in small batches in an ISO and GMP certified facility.",
      },
      {
        icon: "sun",
        title: "Simple Storage in the Heat",
        text: "Resin naturally softens when warm, so store the jar in a cool, dry place away from direct sunlight. If it gets too soft, a short time in the fridge firms it up again.",
      },
      {
        icon: "flask",
        title: "Independently Lab-Tested",
        text: "Tested by independent labs for purity and heavy metals, and backed by our 100% satisfaction guarantee.",
      },
    ],
    testimonials: [
      {
        name: "Ahmed K.",
        location: "Dubai",
        text: "I travel a lot for work, so I wanted something simple to keep in my routine. The small spoon makes it quick, and I keep the jar in a drawer away from the sun.",
      },
      {
        name: "Sneha R.",
        location: "Abu Dhabi",
        text: "Order tracking was clear from start to finish. I like knowing the resin has been tested by independent labs before it reaches me.",
      },
      {
        name: "Omar F.",
        location: "Sharjah",
        text: "I checked the details carefully before ordering and was glad to see it contains no animal-derived ingredients. Strong earthy taste, good with warm tea.",
      },
    ],
    metaTitle: "Pure Himalayan Shilajit in the UAE | Herbo Shilajit",
    metaDescription:
      "Lab-tested Himalayan shilajit resin from Nepal with no animal-derived ingredients. Tracked shipping to Dubai, Abu Dhabi, Sharjah and across the UAE.",
  },
];

export function findCountry(slug: string): CountryLanding | undefined {
  return countries.find((entry) => entry.slug === (slug as CountrySlug));
}

import type { NepalLanding } from "./types";

export const nepal: NepalLanding = {
  flag: "🇳🇵",
  heroTitle: "Himalayan Shilajit, Delivered Free Across Nepal",
  heroSubtitle: {
    withPrice:
      "Harvested in the Nepal Himalaya and purified in small batches, from {price} with free delivery and cash on delivery across Nepal.",
    withoutPrice:
      "Harvested in the Nepal Himalaya and purified in small batches, with free delivery and cash on delivery across Nepal.",
  },
  introTitle: "Shilajit from Our Own Mountains",
  introText:
    "For generations, families in the hills have known shilajit as a mountain resin traditionally taken for strength and stamina. Herbo Shilajit is harvested from high-altitude rock in the Nepal Himalaya, purified in small batches and tested by independent labs for purity and heavy metals. Order online, pay in cash when it arrives, and enjoy free delivery anywhere in Nepal.",
  benefitsTitle: "Benefits for the Nepali Lifestyle",
  benefits: [
    {
      icon: "mountain",
      title: "Trekking and Mountain Work",
      text: "For trekkers, guides and porters who spend long days at altitude, shilajit is traditionally taken for stamina and may support energy on the trail.",
    },
    {
      icon: "leaf",
      title: "Long Days in the Fields",
      text: "Farm work is hard physical work from planting to harvest, and shilajit may support natural strength and recovery after a full day outdoors.",
    },
    {
      icon: "clock",
      title: "Office and Business Hours",
      text: "Whether you spend the day at a desk, behind a shop counter or on the road, shilajit may support steady energy and focus into the afternoon.",
    },
    {
      icon: "shield",
      title: "Cold Winter Months",
      text: "When winter mornings turn cold, a warm cup of milk or tea with shilajit is a comforting traditional habit that may support overall wellbeing.",
    },
    {
      icon: "brain",
      title: "Students During Exams",
      text: "For adult students facing long study sessions, shilajit may support focus and mental energy alongside proper sleep and regular meals.",
    },
    {
      icon: "heart",
      title: "Healthy Ageing for Elders",
      text: "In Ayurveda, shilajit is a rasayana traditionally used to support vitality in later years. Older family members who take medication should check with their doctor first.",
    },
  ],
  whyChooseTitle: "Why Choose Herbo Shilajit",
  whyChoose: [
    {
      icon: "mountain",
      title: "Harvested in Nepal",
      text: "Our resin comes from high-altitude rock in the Nepal Himalaya and is purified in small batches.",
    },
    {
      icon: "flask",
      title: "Independently Lab-Tested",
      text: "Tested by independent labs for purity and heavy metals, and made in an ISO and GMP certified facility.",
    },
    {
      icon: "truck",
      title: "Free Delivery, Cash on Delivery",
      text: "Delivery is free across Nepal, and you can pay in cash when your order reaches you, or by card at checkout.",
    },
    {
      icon: "award",
      title: "Rated 4.9/5 by Customers",
      text: "Rated 4.9/5 from 500+ reviews and backed by our 100% satisfaction guarantee.",
      rated: {
        measured: {
          title: "Rated {score} by Customers",
          text: "Rated {rating} by verified buyers and backed by our 100% satisfaction guarantee.",
        },
        unrated: {
          title: "Backed by Our Guarantee",
          text: "Every order is backed by our 100% satisfaction guarantee.",
        },
      },
    },
  ],
  testimonials: [
    {
      name: "Ramesh T.",
      location: "Kathmandu",
      text: "I work long hours in my shop and wanted a genuine product, not something sold by the roadside. It came to my home and I paid cash on delivery, very easy.",
    },
    {
      name: "Pasang S.",
      location: "Pokhara",
      text: "As a trekking guide I'm careful about what I take. I like that this shilajit is lab-tested, and I have it in tea in the morning before a long day.",
    },
    {
      name: "Sunita G.",
      location: "Butwal",
      text: "I mix a small amount in warm milk in the morning. The spoon in the jar makes it simple, and free delivery to Butwal with cash payment was convenient.",
    },
  ],
  faq: [
    {
      question: "How should I take shilajit?",
      answer:
        "Take a pea-sized amount, about 250-300 mg, once or twice daily. Dissolve it in warm water, milk or tea and drink it, ideally at the same time each day; the measuring spoon in the jar helps you take the right amount. If you are pregnant, breastfeeding, taking medication or have a health condition, speak to your doctor before use.",
    },
    {
      question: "How can I tell if shilajit is genuine?",
      answer:
        "Genuine resin is firm when cool, softens with the warmth of your fingers and dissolves in warm water without leaving grit. These home checks are only a rough guide, because fakes can be convincing. That is why Herbo Shilajit is tested by independent labs for purity and heavy metals, which is the most reliable way to know what you are buying.",
    },
    {
      question: "How do delivery and payment work in Nepal?",
      answer:
        "Delivery is free across Nepal, inside Kathmandu Valley and outside it. At checkout you can choose cash on delivery and pay when your order arrives, with nothing to pay online in advance, or pay by card. Every order is also covered by our 100% satisfaction guarantee.",
    },
  ],
  metaTitle: "Himalayan Shilajit in Nepal | Free Delivery & COD",
  orderNowText: {
    withPrice: "{price} per jar, free delivery across Nepal and cash on delivery.",
    withoutPrice: "Free delivery across Nepal and cash on delivery.",
  },
  metaDescription: {
    withPrice:
      "Pure shilajit resin from the Nepal Himalaya, lab-tested for purity and heavy metals, from {price}. Free delivery across Nepal with cash on delivery.",
    withoutPrice:
      "Pure shilajit resin from the Nepal Himalaya, lab-tested for purity and heavy metals. Free delivery across Nepal with cash on delivery.",
  },
};

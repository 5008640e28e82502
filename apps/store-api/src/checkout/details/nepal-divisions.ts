/**
 * Nepal's 7 provinces and 77 districts, as they stand since the 2015 constitution and the province
 * renamings that followed (Koshi, the last one, in 2023). Ours because country-region-data still lists
 * "Province No. 1" and has no districts. Province codes follow ISO 3166-2:NP (NP-P1 … NP-P7).
 */
export interface NepalProvince {
  /** ISO 3166-2:NP subdivision code without the "NP-" prefix. */
  code: string;
  name: string;
  /** Common English spellings; Nepali sources romanise some differently (Makawanpur, Tanahu, Kapilbastu). */
  districts: readonly string[];
}

export const nepalProvinces: readonly NepalProvince[] = [
  {
    code: "P1",
    name: "Koshi Province",
    districts: [
      "Bhojpur",
      "Dhankuta",
      "Ilam",
      "Jhapa",
      "Khotang",
      "Morang",
      "Okhaldhunga",
      "Panchthar",
      "Sankhuwasabha",
      "Solukhumbu",
      "Sunsari",
      "Taplejung",
      "Terhathum",
      "Udayapur",
    ],
  },
  {
    code: "P2",
    name: "Madhesh Province",
    districts: ["Bara", "Dhanusha", "Mahottari", "Parsa", "Rautahat", "Saptari", "Sarlahi", "Siraha"],
  },
  {
    code: "P3",
    name: "Bagmati Province",
    districts: [
      "Bhaktapur",
      "Chitwan",
      "Dhading",
      "Dolakha",
      "Kathmandu",
      "Kavrepalanchok",
      "Lalitpur",
      "Makwanpur",
      "Nuwakot",
      "Ramechhap",
      "Rasuwa",
      "Sindhuli",
      "Sindhupalchok",
    ],
  },
  {
    code: "P4",
    name: "Gandaki Province",
    districts: [
      "Baglung",
      "Gorkha",
      "Kaski",
      "Lamjung",
      "Manang",
      "Mustang",
      "Myagdi",
      // Nawalparasi east of the Bardaghat–Susta line, also called Nawalpur.
      "Nawalparasi East",
      "Parbat",
      "Syangja",
      "Tanahun",
    ],
  },
  {
    code: "P5",
    name: "Lumbini Province",
    districts: [
      "Arghakhanchi",
      "Banke",
      "Bardiya",
      "Dang",
      "Gulmi",
      "Kapilvastu",
      // Nawalparasi west of the Bardaghat–Susta line, also called Parasi.
      "Nawalparasi West",
      "Palpa",
      "Pyuthan",
      "Rolpa",
      "Rukum East",
      "Rupandehi",
    ],
  },
  {
    code: "P6",
    name: "Karnali Province",
    districts: ["Dailekh", "Dolpa", "Humla", "Jajarkot", "Jumla", "Kalikot", "Mugu", "Rukum West", "Salyan", "Surkhet"],
  },
  {
    code: "P7",
    name: "Sudurpashchim Province",
    districts: ["Achham", "Baitadi", "Bajhang", "Bajura", "Dadeldhura", "Darchula", "Doti", "Kailali", "Kanchanpur"],
  },
];

/** The province a district belongs to, or undefined for a name that is not one of the 77. */
export function provinceOfDistrict(district: string): NepalProvince | undefined {
  return nepalProvinces.find((province) => province.districts.includes(district));
}

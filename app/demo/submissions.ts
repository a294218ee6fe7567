import type { ArticleAuthor, ArticleSection, NamedReviewer, ReviewRecommendation } from "~/domain/vocabulary";

/**
 * The demo journal's editorial office (issue 34): a reviewer pool and fifteen submissions with
 * their stories, so that a new site's desk has something in every stage and filter and its figures
 * have a year of decisions to count. Days are counted back from the day the demo is added; a
 * review is due 21 days after its invitation. Every address is on an example domain: nobody real is
 * mailed. None of these people holds an account, and no reviewer is an author of any submission.
 */

/** An ORCID iD with its ISO 7064 11-2 check character, from its first 15 digits. */
function orcid(digits: string): string {
  let total = 0;
  for (const digit of digits) total = (total + Number(digit)) * 2;
  const check = (12 - (total % 11)) % 11;
  const full = `${digits}${check === 10 ? "X" : check}`;
  return full.match(/.{4}/g)!.join("-");
}

function author(
  given: string,
  family: string,
  affiliation: string,
  email: string,
  orcidDigits = "",
  corresponding = false,
): ArticleAuthor {
  return { given, family, affiliation, email, orcid: orcidDigits ? orcid(orcidDigits) : "", corresponding };
}

export type DemoReviewer = { name: string; email: string; affiliation: string; keywords: string[] };

export const demoReviewers = {
  lindqvist: {
    name: "Karin Lindqvist",
    email: "k.lindqvist@pcr.uu.example.edu",
    affiliation: "Department of Peace and Conflict Research, Uppsala University, Sweden",
    keywords: ["ceasefires", "peace agreements", "mediation", "conflict data"],
  },
  ochieng: {
    name: "Peter Ochieng",
    email: "p.ochieng@iss-africa.example.org",
    affiliation: "Institute for Security Studies, Nairobi, Kenya",
    keywords: ["policing", "security sector reform", "East Africa", "violent extremism"],
  },
  fernandez: {
    name: "Lucía Fernández",
    email: "l.fernandez@uniandes.example.edu",
    affiliation: "Faculty of Law, Universidad de los Andes, Colombia",
    keywords: ["transitional justice", "victims", "reintegration", "Colombia"],
  },
  haddad: {
    name: "Rami Haddad",
    email: "r.haddad@aub.example.edu",
    affiliation: "Issam Fares Institute for Public Policy, American University of Beirut, Lebanon",
    keywords: ["refugees", "displacement", "social cohesion", "Middle East"],
  },
  nakamura: {
    name: "Yuki Nakamura",
    email: "y.nakamura@hiroshima-peace.example.org",
    affiliation: "Hiroshima Peace Institute, Japan",
    keywords: ["arms control", "drones", "humanitarian law", "disarmament"],
  },
  kovacevic: {
    name: "Amra Kovačević",
    email: "a.kovacevic@unsa.example.edu",
    affiliation: "Faculty of Political Science, University of Sarajevo, Bosnia and Herzegovina",
    keywords: ["reconciliation", "memory", "Balkans", "peacebuilding"],
  },
  adebayo: {
    name: "Tunde Adebayo",
    email: "t.adebayo@unilag.example.edu",
    affiliation: "Department of Criminology, University of Lagos, Nigeria",
    keywords: ["farmer-herder conflict", "small arms", "rural security", "West Africa"],
  },
  sharma: {
    name: "Priya Sharma",
    email: "p.sharma@jnu.example.edu",
    affiliation: "Centre for International Politics, Jawaharlal Nehru University, India",
    keywords: ["counter-insurgency", "civil-military relations", "South Asia"],
  },
  mueller: {
    name: "Jonas Müller",
    email: "j.mueller@prif.example.org",
    affiliation: "Peace Research Institute Frankfurt, Germany",
    keywords: ["cyber security", "hybrid threats", "critical infrastructure", "surveillance"],
  },
  osei: {
    name: "Abena Osei",
    email: "a.osei@kaiptc.example.org",
    affiliation: "Kofi Annan International Peacekeeping Training Centre, Ghana",
    keywords: ["peacekeeping", "women, peace and security", "gender", "mediation"],
  },
  silva: {
    name: "Marcos Silva",
    email: "m.silva@usp.example.edu",
    affiliation: "Centre for the Study of Violence, University of São Paulo, Brazil",
    keywords: ["urban violence", "organised crime", "policing", "Latin America"],
  },
  walsh: {
    name: "Helen Walsh",
    email: "h.walsh@qub.example.edu",
    affiliation: "School of History, Anthropology, Philosophy and Politics, Queen's University Belfast, United Kingdom",
    keywords: ["power sharing", "community relations", "youth", "Northern Ireland"],
  },
} satisfies Record<string, DemoReviewer>;

export type DemoReviewerKey = keyof typeof demoReviewers;

/**
 * One invitation: when it was sent, answered (or cancelled unanswered), and the review, if it
 * came in. Days ago, as everywhere here.
 */
export type DemoReview = {
  reviewer: DemoReviewerKey;
  invited: number;
  /** Accepted on this day. */
  accepted?: number;
  /** Declined on this day, with the reason given. */
  declined?: { day: number; reason: string; colleague?: string };
  /** Cancelled by the editor on this day (never answered). */
  cancelled?: number;
  review?: { day: number; recommendation: ReviewRecommendation; forAuthor: string; forEditor: string };
};

/** A round: its start (the submission, or the revision back), what the desk did, the reviews, the decision. */
export type DemoRound = {
  started: number;
  /** The author's response to the reviewers (a revision's round). */
  response?: string;
  /** Sent to review (or, in round 1, declined at the desk, with the editor's reason) on this day. */
  desk?: { day: number; decision: "send-to-review" | "decline"; reason?: string };
  reviews?: DemoReview[];
  decision?: { day: number; decision: "accept" | "minor" | "major" | "decline" };
};

export type DemoSubmission = {
  title: string;
  abstract: string;
  /** The manuscript's opening, after the abstract (its PDF). */
  introduction: string;
  keywords: string[];
  section: ArticleSection;
  authors: ArticleAuthor[];
  funding: string;
  competingInterests: string;
  coverLetter: string;
  suggestedReviewers?: NamedReviewer[];
  opposedReviewers?: NamedReviewer[];
  rounds: DemoRound[];
  /** Accepted: the demo article it became, by title (published), or a new draft article. */
  article?: { published: string } | "draft";
};

const NO_INTERESTS = "The authors declare no competing interests.";

/** The submissions, oldest first: their numbers follow this order. */
export const demoSubmissions: DemoSubmission[] = [
  {
    title: "Why Peace Agreements Fail: A Global Survival Analysis, 1990–2022",
    abstract:
      "Using a new data set of 312 comprehensive peace agreements signed between 1990 and 2022, we estimate the hazard of agreement breakdown. Agreements that delegate implementation to third parties survive longer, while power-sharing provisions have no significant effect once external guarantees are accounted for.",
    introduction:
      "More than half of all peace agreements signed since the end of the Cold War have been followed by renewed fighting within five years. Scholars disagree on why. This article brings the competing explanations together in one model and tests them on the most complete set of agreements assembled to date.",
    keywords: ["peace agreements", "survival analysis", "third-party guarantees", "power sharing"],
    section: "research",
    authors: [
      author(
        "Thomas",
        "Becker",
        "Institute for Political Science, University of Hamburg, Germany",
        "t.becker@uni-hamburg.example.edu",
        "000000027731204",
        true,
      ),
    ],
    funding: "",
    competingInterests: NO_INTERESTS,
    coverLetter: "I submit this quantitative study for consideration as a research article.",
    rounds: [
      {
        started: 300,
        desk: {
          day: 297,
          decision: "decline",
          reason:
            "The editors read the manuscript with interest. Its contribution is above all methodological, and it would reach its readers better in a journal of quantitative conflict research.",
        },
      },
    ],
  },
  {
    title: "Hosting Refugees, Sharing Services: Health Clinics and Social Cohesion in Northern Jordan",
    abstract:
      "This article examines whether shared public services ease or aggravate tensions between refugees and host communities. Drawing on a household survey in Mafraq and Irbid governorates, it finds that clinics open to both groups were associated with higher trust only where host residents did not experience longer waiting times.",
    introduction:
      "Host communities bear much of the cost of displacement. Donors increasingly fund services that serve refugees and hosts alike, expecting them to build cohesion. Whether they do is rarely tested.",
    keywords: ["refugees", "social cohesion", "public services", "Jordan"],
    section: "research",
    authors: [
      author(
        "Layla",
        "Al-Masri",
        "Centre for Strategic Studies, University of Jordan",
        "l.almasri@ju.example.edu",
        "000000031849926",
        true,
      ),
      author("Omar", "Khalil", "Department of Sociology, Yarmouk University, Jordan", "o.khalil@yu.example.edu"),
    ],
    funding: "Field work was funded by a small grant from the Centre's research fund.",
    competingInterests: NO_INTERESTS,
    coverLetter: "Our article speaks to the journal's recent issue on refugee hosting and offers new survey evidence.",
    rounds: [
      {
        started: 260,
        desk: { day: 255, decision: "send-to-review" },
        reviews: [
          {
            reviewer: "haddad",
            invited: 254,
            accepted: 252,
            review: {
              day: 230,
              recommendation: "decline",
              forAuthor:
                "The question matters, but the survey cannot separate the effect of shared clinics from the districts' other differences: the clinics were opened where relations were already better. Without a credible comparison the causal claims in the abstract are not supported.",
              forEditor: "A sound data set, but the design cannot answer the question asked.",
            },
          },
          {
            reviewer: "walsh",
            invited: 254,
            accepted: 251,
            review: {
              day: 226,
              recommendation: "major",
              forAuthor:
                "The waiting-time finding is interesting and deserves to be the centre of the paper. The measures of trust should be reported item by item, and the literature on contact theory engaged more directly.",
              forEditor: "Could become publishable, but it would be a different paper.",
            },
          },
        ],
        decision: { day: 220, decision: "decline" },
      },
    ],
  },
  {
    title: "From Combatants to Cooperatives: Economic Reintegration after the 2016 Colombian Peace Accord",
    abstract:
      "Drawing on interviews with 64 former FARC-EP combatants in three territorial spaces for training and reintegration, this article traces how collective productive projects shaped reintegration. Cooperatives gave former combatants income and standing, but stalled land titling left most projects fragile.",
    introduction:
      "The 2016 accord made collective economic reintegration a pillar of the peace process. Seven years on, the experience of the cooperatives offers lessons for reintegration programmes elsewhere.",
    keywords: ["reintegration", "ex-combatants", "cooperatives", "Colombia"],
    section: "research",
    authors: [
      author(
        "Camila",
        "Restrepo",
        "Institute of Political Studies, Universidad de Antioquia, Colombia",
        "c.restrepo@udea.example.edu",
        "000000024410873",
        true,
      ),
      author(
        "Andrés",
        "Gómez",
        "Institute of Political Studies, Universidad de Antioquia, Colombia",
        "a.gomez@udea.example.edu",
      ),
    ],
    funding: "This research was supported by a doctoral fellowship of the Colombian Ministry of Science.",
    competingInterests: NO_INTERESTS,
    coverLetter: "This article is based on field work carried out between 2021 and 2023.",
    suggestedReviewers: [
      {
        name: "Lucía Fernández",
        email: "l.fernandez@uniandes.example.edu",
        affiliation: "Universidad de los Andes",
        reason: "Has written widely on reintegration in Colombia.",
      },
    ],
    rounds: [
      {
        started: 240,
        desk: { day: 233, decision: "send-to-review" },
        reviews: [
          {
            reviewer: "fernandez",
            invited: 232,
            accepted: 231,
            review: {
              day: 205,
              recommendation: "major",
              forAuthor:
                "A rich and careful study. The sampling of interviewees should be explained: were members who left the territorial spaces reached at all? The conclusion on land titling needs the official figures beside the interview evidence.",
              forEditor: "Strong field work; the revision should be straightforward for these authors.",
            },
          },
          {
            reviewer: "lindqvist",
            invited: 232,
            declined: { day: 230, reason: "I am travelling for field work until next month." },
          },
          {
            reviewer: "ochieng",
            invited: 229,
            accepted: 228,
            review: {
              day: 210,
              recommendation: "minor",
              forAuthor:
                "The comparison with reintegration programmes in East Africa in the discussion is welcome but brief; a paragraph on why collective rather than individual reintegration was chosen would help readers outside Colombia.",
              forEditor: "",
            },
          },
        ],
        decision: { day: 200, decision: "major" },
      },
      {
        started: 150,
        response:
          "We have added a section on sampling, including the twelve former members we interviewed outside the territorial spaces, and set the official land titling figures beside our interview evidence.",
        desk: { day: 148, decision: "send-to-review" },
        reviews: [
          {
            reviewer: "fernandez",
            invited: 148,
            accepted: 147,
            review: {
              day: 131,
              recommendation: "accept",
              forAuthor: "The authors have answered every point. The new section on sampling is exemplary.",
              forEditor: "Ready to publish.",
            },
          },
          {
            reviewer: "ochieng",
            invited: 148,
            accepted: 146,
            review: {
              day: 127,
              recommendation: "accept",
              forAuthor: "Thank you for the careful revision.",
              forEditor: "",
            },
          },
        ],
        decision: { day: 120, decision: "accept" },
      },
    ],
    article: "draft",
  },
  {
    title: "Drones, Surveillance and the Protection of Civilians",
    abstract:
      "Reviewing the use of surveillance drones by security agencies since 2020, the article asks what safeguards keep aerial surveillance consistent with the protection of civilians and their privacy.",
    introduction:
      "Surveillance drones have become common in internal security operations, with little public debate about their rules of use.",
    keywords: ["drones", "surveillance", "civilian protection", "privacy"],
    section: "research",
    authors: [
      author(
        "Ibrahim",
        "Musa",
        "Department of Political Science, Ahmadu Bello University",
        "i.musa@abu.example.edu",
        "",
        true,
      ),
      author("Ruth", "Ojo", "Department of Computer Science, Lakeland University", "r.ojo@lakeland.example.edu"),
    ],
    funding: "",
    competingInterests: NO_INTERESTS,
    coverLetter: "We submit a review of safeguards for aerial surveillance by security agencies.",
    rounds: [
      {
        started: 172,
        desk: { day: 166, decision: "send-to-review" },
        reviews: [
          {
            reviewer: "nakamura",
            invited: 165,
            accepted: 164,
            review: {
              day: 140,
              recommendation: "minor",
              forAuthor:
                "A timely review. The section on safeguards should distinguish the rules of international humanitarian law from those of human rights law, which govern most internal security operations.",
              forEditor: "Good paper; minor revisions.",
            },
          },
          {
            reviewer: "mueller",
            invited: 165,
            accepted: 163,
            review: {
              day: 146,
              recommendation: "minor",
              forAuthor:
                "Please say more about data retention: who holds the footage, for how long, and who may request it. The European experience could be a useful comparison.",
              forEditor: "",
            },
          },
        ],
        decision: { day: 135, decision: "minor" },
      },
      {
        started: 100,
        response:
          "We now separate the two bodies of law throughout, and have added a section on the retention of footage with examples from three European countries.",
        decision: { day: 57, decision: "accept" },
      },
    ],
    article: { published: "Drones, Surveillance and the Protection of Civilians" },
  },
  {
    title: "Power Sharing and Everyday Segregation: Schools, Housing and Youth in Belfast",
    abstract:
      "Twenty-five years after the Good Friday Agreement, most young people in Belfast still live and study apart. Combining school census data with focus groups, this article shows how consociational institutions have stabilised the peace while leaving everyday segregation largely untouched.",
    introduction:
      "Power sharing ended the violence in Northern Ireland, but it was not designed to bring people together. This article asks what a generation raised after the agreement makes of that bargain.",
    keywords: ["power sharing", "segregation", "youth", "Northern Ireland"],
    section: "research",
    authors: [
      author(
        "Ciarán",
        "O'Neill",
        "School of Applied Social and Policy Sciences, Ulster University, United Kingdom",
        "c.oneill@ulster.example.edu",
        "000000019902381",
        true,
      ),
    ],
    funding: "",
    competingInterests: NO_INTERESTS,
    coverLetter: "I would be grateful if the paper could be considered for the research section.",
    opposedReviewers: [
      {
        name: "Helen Walsh",
        email: "h.walsh@qub.example.edu",
        affiliation: "Queen's University Belfast",
        reason: "We are writing a book together.",
      },
    ],
    rounds: [
      {
        started: 150,
        desk: { day: 145, decision: "send-to-review" },
        reviews: [
          {
            reviewer: "kovacevic",
            invited: 144,
            accepted: 143,
            review: {
              day: 120,
              recommendation: "minor",
              forAuthor:
                "An elegant paper. A comparison with divided schooling in Bosnia and Herzegovina would strengthen the argument that consociational settlements freeze segregation.",
              forEditor: "",
            },
          },
          {
            reviewer: "osei",
            invited: 144,
            accepted: 142,
            review: {
              day: 118,
              recommendation: "minor",
              forAuthor:
                "The focus group material is vivid; please say how participants were recruited and whether girls and boys were heard separately.",
              forEditor: "Minor revisions.",
            },
          },
        ],
        decision: { day: 112, decision: "minor" },
      },
      {
        started: 4,
        response:
          "We have added a comparison with the 'two schools under one roof' system in Bosnia and Herzegovina and described the recruitment of the focus groups, which met separately for young women and men.",
      },
    ],
  },
  {
    title: "Insider Mediators and the Pacification of Cattle Raiding in Northern Kenya",
    abstract:
      "Based on a year of field work in Marsabit and Isiolo counties, this article shows how elders, women's groups and county peace committees negotiated the return of stolen cattle and prevented revenge raids. Insider mediators succeeded where they could call on both customary authority and county officials.",
    introduction:
      "Cattle raiding between pastoralist communities in northern Kenya has become deadlier as small arms spread. Yet many raids do not lead to revenge. This article asks why.",
    keywords: ["insider mediation", "pastoralism", "cattle raiding", "Kenya"],
    section: "research",
    authors: [
      author(
        "Wanjiru",
        "Kamau",
        "Department of Political Science and Public Administration, University of Nairobi, Kenya",
        "w.kamau@uonbi.example.edu",
        "000000032276514",
        true,
      ),
      author("Halima", "Abdi", "Pastoralist Peace Network, Isiolo, Kenya", "h.abdi@ppn.example.org"),
    ],
    funding: "Field work was supported by a grant from a regional peace research network.",
    competingInterests: NO_INTERESTS,
    coverLetter: "This article reports on field work carried out in 2023 and 2024.",
    rounds: [
      {
        started: 130,
        desk: { day: 126, decision: "send-to-review" },
        reviews: [
          {
            reviewer: "adebayo",
            invited: 125,
            accepted: 124,
            review: {
              day: 104,
              recommendation: "accept",
              forAuthor:
                "An excellent, well-written study. The comparison with farmer-herder mediation in West Africa in the conclusion is apt.",
              forEditor: "Publish as it is.",
            },
          },
          {
            reviewer: "osei",
            invited: 125,
            accepted: 125,
            review: {
              day: 99,
              recommendation: "minor",
              forAuthor:
                "The role of women's groups deserves a paragraph of its own in the findings, as the abstract promises.",
              forEditor: "",
            },
          },
        ],
        decision: { day: 95, decision: "minor" },
      },
      {
        started: 60,
        response: "We have added a paragraph on the women's groups' part in three of the negotiations.",
        decision: { day: 52, decision: "accept" },
      },
    ],
    article: "draft",
  },
  {
    title: "Local Ceasefires in Syria's Civil War: Bargaining under Siege",
    abstract:
      "Between 2013 and 2018 dozens of local ceasefires were agreed in besieged towns in Syria. Using a new event data set, this article shows that ceasefires negotiated under siege conditions were more often followed by forced displacement than by lasting calm.",
    introduction:
      "Local ceasefires have been presented as building blocks for national peace. In Syria they were frequently instruments of war. This article explains the difference.",
    keywords: ["local ceasefires", "sieges", "Syria", "civil war"],
    section: "research",
    authors: [
      author(
        "Nour",
        "Haidar",
        "Department of War Studies, King's College London, United Kingdom",
        "n.haidar@kcl.example.edu",
        "000000021367785",
        true,
      ),
      author("Erik", "Johansson", "Swedish Defence University, Sweden", "e.johansson@fhs.example.edu"),
    ],
    funding: "",
    competingInterests: NO_INTERESTS,
    coverLetter: "The event data set will be made public on publication.",
    rounds: [
      {
        started: 110,
        desk: { day: 104, decision: "send-to-review" },
        reviews: [
          {
            reviewer: "lindqvist",
            invited: 103,
            accepted: 102,
            review: {
              day: 80,
              recommendation: "major",
              forAuthor:
                "The data set is a real contribution. The coding of 'forced displacement' needs a clear definition and a reliability check, and the models should account for the timing of Russian air support.",
              forEditor: "Important work, but the coding has to be documented before it can be trusted.",
            },
          },
          {
            reviewer: "haddad",
            invited: 103,
            accepted: 101,
            review: {
              day: 76,
              recommendation: "minor",
              forAuthor:
                "Please add the perspective of displaced residents themselves; the reports of local councils are a possible source.",
              forEditor: "",
            },
          },
          { reviewer: "sharma", invited: 103, cancelled: 90 },
        ],
        decision: { day: 70, decision: "major" },
      },
    ],
  },
  {
    title: "A Note on Counting the Dead: Casualty Figures in Conflict Reporting",
    abstract:
      "This note compares casualty figures reported by news agencies, governments and monitoring groups for six recent conflicts and calls for a common reporting standard.",
    introduction:
      "Casualty figures shape how conflicts are understood and how the world responds. They are also among the most contested numbers in public life.",
    keywords: ["casualties", "conflict data", "media"],
    section: "policy",
    authors: [
      author(
        "Daniela",
        "Vargas",
        "Independent researcher, Mexico City, Mexico",
        "d.vargas@mail.example.org",
        "000000030083347",
        true,
      ),
    ],
    funding: "",
    competingInterests: NO_INTERESTS,
    coverLetter: "A short policy note.",
    rounds: [
      {
        started: 88,
        desk: {
          day: 85,
          decision: "decline",
          reason:
            "The note raises an important question, but at its present length it restates debates that are well covered elsewhere; a comparison of sources with a clear method would be needed for the policy section.",
        },
      },
    ],
  },
  {
    title: "Community Policing and Trust after Counter-Insurgency in Southern Thailand",
    abstract:
      "Drawing on a panel survey of 1,800 residents of Pattani, Yala and Narathiwat, this article asks whether community policing initiatives restored trust in the police after years of counter-insurgency. Trust rose where police stations employed local Malay-speaking officers, and fell where military units remained in charge of security.",
    introduction:
      "Counter-insurgency leaves behind security institutions that many residents fear. Community policing is often proposed as the remedy. This article tests that promise in the Deep South of Thailand.",
    keywords: ["community policing", "counter-insurgency", "trust", "Thailand"],
    section: "research",
    authors: [
      author(
        "Somchai",
        "Wongsuwan",
        "Faculty of Political Science, Prince of Songkla University, Thailand",
        "s.wongsuwan@psu.example.edu",
        "000000025570982",
        true,
      ),
      author(
        "Aisyah",
        "Rahman",
        "Faculty of Political Science, Prince of Songkla University, Thailand",
        "a.rahman@psu.example.edu",
      ),
    ],
    funding: "The panel survey was funded by the Thailand Science Research and Innovation fund.",
    competingInterests: NO_INTERESTS,
    coverLetter: "We believe the article fits the journal's interest in policing and security sector reform.",
    rounds: [
      {
        started: 75,
        desk: { day: 70, decision: "send-to-review" },
        reviews: [
          {
            reviewer: "ochieng",
            invited: 69,
            accepted: 68,
            review: {
              day: 41,
              recommendation: "minor",
              forAuthor:
                "A convincing panel design. The paper should report attrition between waves and whether it differed by province.",
              forEditor: "",
            },
          },
          {
            reviewer: "sharma",
            invited: 69,
            accepted: 67,
            review: {
              day: 35,
              recommendation: "major",
              forAuthor:
                "The comparison of police-led and military-led areas is the heart of the paper, but the areas differ in levels of violence; this must be addressed before the causal interpretation can stand.",
              forEditor: "The authors should be able to address this with the data they have.",
            },
          },
          {
            reviewer: "silva",
            invited: 69,
            declined: {
              day: 66,
              reason: "Outside my regional expertise.",
              colleague: "Priya Sharma at Jawaharlal Nehru University",
            },
          },
        ],
      },
    ],
  },
  {
    title: "Women, Peace and Security National Action Plans: Do They Change Peacekeeping Deployments?",
    abstract:
      "This article examines whether the adoption of a national action plan on women, peace and security is followed by more women among a country's deployed peacekeepers. Using monthly deployment data for 1,200 contributing country-years, it finds a modest increase in police contingents and none in military ones.",
    introduction:
      "More than a hundred countries have adopted national action plans on women, peace and security. Their effect on the make-up of peacekeeping missions has not been measured.",
    keywords: ["women, peace and security", "peacekeeping", "gender", "national action plans"],
    section: "research",
    authors: [
      author(
        "Ingrid",
        "Solberg",
        "Norwegian Institute of International Affairs, Norway",
        "i.solberg@nupi.example.org",
        "000000017462290",
        true,
      ),
      author(
        "Adwoa",
        "Boateng",
        "Legon Centre for International Affairs and Diplomacy, University of Ghana",
        "a.boateng@ug.example.edu",
      ),
    ],
    funding: "Supported by the Research Council of Norway.",
    competingInterests: NO_INTERESTS,
    coverLetter: "Replication files are available to the reviewers on request.",
    rounds: [
      {
        started: 60,
        desk: { day: 56, decision: "send-to-review" },
        reviews: [
          {
            reviewer: "lindqvist",
            invited: 55,
            accepted: 54,
            review: {
              day: 30,
              recommendation: "minor",
              forAuthor:
                "A clear and useful paper. The models should control for the size of each country's armed forces, and the police finding deserves more discussion.",
              forEditor: "",
            },
          },
          { reviewer: "osei", invited: 55, accepted: 53 },
        ],
      },
    ],
  },
  {
    title: "Is Terrorism Rational? An Essay",
    abstract:
      "This essay argues that terrorist violence is best understood as the rational pursuit of political ends and reviews the literature that supports this view.",
    introduction: "Since 2001, the question of whether terrorism is rational has divided scholars.",
    keywords: ["terrorism", "rational choice"],
    section: "review",
    authors: [
      author(
        "Mark",
        "Ellison",
        "Department of Politics, University of Otago, New Zealand",
        "m.ellison@otago.example.edu",
        "",
        true,
      ),
    ],
    funding: "",
    competingInterests: NO_INTERESTS,
    coverLetter: "",
    rounds: [
      {
        started: 45,
        desk: {
          day: 43,
          decision: "decline",
          reason:
            "The essay does not engage with the research published since 2010, and it does not report new evidence; we cannot send it to review.",
        },
      },
    ],
  },
  {
    title: "Climate Shocks and Communal Conflict in the Sahel: Evidence from Rainfall Anomalies",
    abstract:
      "Combining geo-referenced conflict events with satellite rainfall data for Mali, Burkina Faso and Niger, this article finds that growing-season drought raised the risk of communal clashes in the following year, but only in districts where land disputes were handled by state courts rather than customary institutions.",
    introduction:
      "Whether climate change causes conflict remains disputed. This article looks at how institutions mediate the link between rainfall shocks and communal violence in the central Sahel.",
    keywords: ["climate change", "communal conflict", "Sahel", "land tenure"],
    section: "research",
    authors: [
      author(
        "Aminata",
        "Traoré",
        "Faculty of Economics and Management, University of Bamako, Mali",
        "a.traore@usjpb.example.edu",
        "000000028801426",
        true,
      ),
      author("Pierre", "Lambert", "Sciences Po Bordeaux, France", "p.lambert@sciencespo-bordeaux.example.edu"),
      author(
        "Issa",
        "Ouédraogo",
        "Department of Geography, Université Joseph Ki-Zerbo, Burkina Faso",
        "i.ouedraogo@ujkz.example.edu",
      ),
    ],
    funding: "This work was supported by a climate security research programme.",
    competingInterests: NO_INTERESTS,
    coverLetter: "We would be glad to see this considered for the forthcoming issue on security in a changing climate.",
    rounds: [
      {
        started: 24,
        desk: { day: 16, decision: "send-to-review" },
        reviews: [
          { reviewer: "adebayo", invited: 15, accepted: 13 },
          {
            reviewer: "nakamura",
            invited: 15,
            declined: { day: 14, reason: "Climate and conflict is outside my field." },
          },
          { reviewer: "haddad", invited: 12 },
        ],
      },
    ],
  },
  {
    title: "Digital Rumours and Election Violence: WhatsApp Networks in Kenya's 2022 Election",
    abstract:
      "Analysing 40,000 messages shared in 180 public WhatsApp groups during Kenya's 2022 election campaign, this article traces how rumours of rigging travelled and whether their spread preceded local incidents of violence.",
    introduction:
      "Messaging apps are now central to election campaigns in Africa. They are also blamed for spreading the rumours that precede violence. This article tests that claim.",
    keywords: ["elections", "misinformation", "election violence", "Kenya"],
    section: "research",
    authors: [
      author(
        "Brian",
        "Otieno",
        "School of Journalism and Mass Communication, University of Nairobi, Kenya",
        "b.otieno@uonbi.example.edu",
        "000000034452118",
        true,
      ),
    ],
    funding: "",
    competingInterests: NO_INTERESTS,
    coverLetter: "Messages were collected from public groups only and anonymised before analysis.",
    opposedReviewers: [
      {
        name: "Peter Ochieng",
        email: "p.ochieng@iss-africa.example.org",
        affiliation: "Institute for Security Studies",
        reason: "He advised one of the campaigns studied.",
      },
    ],
    rounds: [
      {
        started: 14,
        desk: { day: 5, decision: "send-to-review" },
        reviews: [{ reviewer: "mueller", invited: 4 }],
      },
    ],
  },
  {
    title: "Memory Activism and Reconciliation in Post-War Bosnia and Herzegovina",
    abstract:
      "This article follows three memory initiatives in Mostar, Prijedor and Srebrenica that brought together families of victims from different communities, and asks what they achieved where official reconciliation policy stalled.",
    introduction:
      "Thirty years after the war, Bosnia and Herzegovina remains divided over how the war should be remembered. Civil society initiatives have tried to build a shared memory from below.",
    keywords: ["reconciliation", "memory", "civil society", "Bosnia and Herzegovina"],
    section: "research",
    authors: [
      author(
        "Lejla",
        "Hodžić",
        "Faculty of Political Science, University of Sarajevo, Bosnia and Herzegovina",
        "l.hodzic@unsa.example.edu",
        "000000027789053",
        true,
      ),
      author("Marko", "Petrović", "Faculty of Philosophy, University of Belgrade, Serbia", "m.petrovic@bg.example.edu"),
    ],
    funding: "",
    competingInterests: NO_INTERESTS,
    coverLetter: "The article draws on the first author's doctoral research.",
    rounds: [{ started: 8 }],
  },
  {
    title: "Maritime Insecurity in the Gulf of Guinea: Regional Cooperation after the Yaoundé Code of Conduct",
    abstract:
      "Piracy and armed robbery at sea in the Gulf of Guinea fell sharply after 2020. This article assesses how far the fall owes to the regional architecture created by the Yaoundé Code of Conduct, and how far to national naval deployments.",
    introduction:
      "The Gulf of Guinea was for a decade the world's most dangerous waters for seafarers. The recent decline in attacks invites the question of what worked.",
    keywords: ["maritime security", "piracy", "regional cooperation", "Gulf of Guinea"],
    section: "policy",
    authors: [
      author(
        "Kwame",
        "Asante",
        "Regional Maritime University, Accra, Ghana",
        "k.asante@rmu.example.edu",
        "000000011238864",
        true,
      ),
      author(
        "Chidi",
        "Nwosu",
        "Nigerian Institute of International Affairs, Lagos, Nigeria",
        "c.nwosu@niia.example.org",
      ),
    ],
    funding: "",
    competingInterests: "The first author has advised the Interregional Coordination Centre in Yaoundé.",
    coverLetter: "We submit this as a policy article.",
    rounds: [{ started: 2 }],
  },
];

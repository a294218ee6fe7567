import type { FocusKey, PostCategory, Semester, SettingsSection, StaffRole } from "~/domain/vocabulary";
import type { SiteLink, SiteLinks } from "~/lib/site-content";

/** The demo centre: every text here is written for it. */

/** Links written as label: address. */
function links(addressByLabel: Record<string, string>): SiteLink[] {
  return Object.entries(addressByLabel).map(([label, href]) => ({ label, href }));
}

export const demoSiteLinks: SiteLinks = {
  name: "Centre for Peace, Security and Conflict Resolution",
  shortName: "CPSCR",
  motto: "Knowledge for a safer, fairer world",
  university: "Lakeland University",
  address: "Block C, Senate Road, Lakeland University Campus",
  applyUrl: "https://portal.lakeland.example.edu/apply",
  submissionEmails: ["journal@cpscr.lakeland.example.edu", "editor@cpscr.lakeland.example.edu"],
  footerColumns: [
    {
      title: "Partners",
      links: links({
        "Research Funding Agency": "https://funding.example.org",
        "Ministry of Education": "https://education.example.gov",
      }),
    },
    {
      title: "Careers",
      links: links({
        Vacancies: "https://lakeland.example.edu/vacancies",
        Recruitment: "https://lakeland.example.edu/recruitment",
      }),
    },
    {
      title: "Calendars",
      links: links({
        "Academic Calendar": "https://lakeland.example.edu/academic-calendar",
        "Event Calendar": "https://lakeland.example.edu/events",
      }),
    },
    {
      title: "The Centre",
      links: links({
        "About the Centre": "/about",
        Programmes: "/programmes",
        "Call for Papers": "/admision",
        "Journal Articles": "/journals",
      }),
    },
  ],
  socialLinks: links({
    Facebook: "https://facebook.com/cpscr.lakeland",
    X: "https://x.com/cpscr_lakeland",
    LinkedIn: "https://linkedin.com/company/cpscr-lakeland",
    YouTube: "https://youtube.com/@cpscr-lakeland",
  }),
};

export const demoSettings: { [S in SettingsSection]: Record<string, string> } = {
  homepage: {
    title: "Research that builds lasting peace",
    subtitle: "Centre for Peace, Security and Conflict Resolution",
    intro:
      "We study the causes of violent conflict and the conditions for durable peace, train the practitioners who keep communities safe, and publish peer-reviewed research that informs policy across the region.",
  },
  about: {
    title: "About the Centre",
    subtitle: "An interdisciplinary home for peace and security research at Lakeland University",
    intro:
      "Founded in 2012, the Centre brings together political scientists, lawyers, criminologists and development economists to study insecurity where it happens and to train the people who respond to it.",
    mission:
      "To produce rigorous, locally grounded research on conflict and security, and to turn it into training, policy advice and public understanding that reduce violence.",
    vision:
      "A region where disputes are settled without violence and where security institutions serve and protect every citizen.",
    philosophy:
      "We believe that peace is built by evidence, dialogue and institutions that people trust. Our work is collaborative, ethical and open to every community it studies.",
    vcMessage:
      "Lakeland University is proud to host a centre whose research is read in ministries, barracks and village halls alike. Its graduates carry the university's values into some of the hardest work in public life.",
    directorMessage:
      "Our doors are open to scholars, students and practitioners who want their work to make a difference. Join our seminars, submit to our journal, or enrol in one of our programmes.",
  },
  howtoapplyone: {
    title: "Prepare your manuscript",
    subtitle:
      "Original research of 6,000 to 9,000 words, with an abstract of no more than 250 words and APA 7 references.",
  },
  howtoapplytwo: {
    title: "Submit by e-mail",
    subtitle:
      "Send an anonymised manuscript and a separate title page to the journal office. We acknowledge every submission within five working days.",
  },
  howtoapplythree: {
    title: "Peer review and publication",
    subtitle:
      "Each paper is double-blind reviewed by two scholars. Accepted articles are published online first, then in the next issue.",
  },
  programmes: {
    title: "Programmes",
    subtitle: "Postgraduate and professional study in peace, security and conflict resolution",
    introTitle: "Study with the Centre",
    introSubtitle:
      "Our programmes are taught by the Centre's faculty together with partner departments across the university. Choose a department to see the courses it offers.",
  },
  blog: {
    title: "News and Stories",
    subtitle: "Events, announcements and research news from the Centre",
  },
  calltoaction: {
    title: "Submit your paper to the Journal of Peace and Security Studies",
    subtitle:
      "We welcome original research, policy analyses and book reviews all year round. Send your manuscript by e-mail to",
  },
};

export const demoStaff: Record<StaffRole, { name: string; post: string; email: string; description: string }> = {
  vc: {
    name: "Professor Adaeze Okonkwo",
    post: "Vice-Chancellor, Lakeland University",
    email: "vc@lakeland.example.edu",
    description:
      "Professor Okonkwo is a constitutional lawyer and the university's ninth Vice-Chancellor. She chaired the national panel on campus security and has championed the Centre since its founding.",
  },
  director: {
    name: "Professor Samuel Mensah",
    post: "Director of the Centre",
    email: "director@cpscr.lakeland.example.edu",
    description:
      "Welcome to the Centre for Peace, Security and Conflict Resolution. For more than a decade we have worked with communities, security agencies and policy makers to understand why conflicts begin and how they end. Our journal publishes research from across the continent, our programmes train the next generation of mediators and analysts, and our seminars are open to everyone. Whether you are a student, a scholar or a practitioner, I invite you to read our work, join our discussions and help us build a safer, fairer world.",
  },
  deputy: {
    name: "Dr Fatima Bello",
    post: "Deputy Director",
    email: "deputy@cpscr.lakeland.example.edu",
    description: "Dr Bello leads the Centre's research on farmer-herder conflicts and coordinates its field teams.",
  },
  bursar: {
    name: "Mr Daniel Eze",
    post: "Bursar",
    email: "bursar@lakeland.example.edu",
    description: "Mr Eze oversees fees, grants and the financial administration of the Centre's programmes.",
  },
  registrar: {
    name: "Mrs Grace Adeyemi",
    post: "Registrar",
    email: "registrar@lakeland.example.edu",
    description: "Mrs Adeyemi manages admissions, student records and the academic calendar.",
  },
  library: {
    name: "Dr Joseph Tanko",
    post: "University Librarian",
    email: "library@lakeland.example.edu",
    description: "Dr Tanko curates the Centre's special collection of peace agreements and conflict data.",
  },
  depIct: {
    name: "Engr. Ruth Ojo",
    post: "Deputy Director, ICT",
    email: "ict@cpscr.lakeland.example.edu",
    description: "Engr. Ojo runs the Centre's distance-learning platform and its digital archive.",
  },
  acad: {
    name: "Dr Ibrahim Musa",
    post: "Academic Coordinator",
    email: "academics@cpscr.lakeland.example.edu",
    description: "Dr Musa coordinates the postgraduate programmes and supervises the Centre's doctoral students.",
  },
};

export const demoFocus: Record<FocusKey, { title: string; subtitle: string; content: string }> = {
  homePage: {
    title: "Journal Articles",
    subtitle: "Peer-reviewed research from the Journal of Peace and Security Studies",
    content: "",
  },
  submitPage: {
    title: "Submission guidelines",
    subtitle: "How to prepare and send your manuscript",
    content:
      "<p>Manuscripts must be original and not under review elsewhere. Use 12-point type, double spacing and APA 7 referencing.</p>" +
      "<ol><li>Remove the authors' names from the manuscript file.</li><li>Send a separate title page with names, affiliations and contact details.</li>" +
      "<li>Include an abstract of up to 250 words and five keywords.</li></ol>" +
      "<p>There is no fee to submit or to publish.</p>",
  },
  aboutPage: {
    title: "Who we are",
    subtitle: "Research, training and dialogue for peace",
    content:
      "<p>The Centre for Peace, Security and Conflict Resolution is an interdisciplinary research centre of Lakeland University. It was established by the University Senate in 2012 to study the causes and consequences of violent conflict and to support the institutions that prevent it.</p>" +
      "<h2>What we do</h2><ul><li><strong>Research:</strong> field studies on insurgency, communal conflict, policing and peace processes.</li>" +
      "<li><strong>Teaching:</strong> postgraduate diplomas, master's and doctoral programmes.</li>" +
      "<li><strong>Publishing:</strong> the peer-reviewed <em>Journal of Peace and Security Studies</em>.</li>" +
      "<li><strong>Engagement:</strong> dialogue forums with community leaders, security agencies and government.</li></ul>" +
      "<p>The Centre is governed by a board chaired by the Vice-Chancellor and advised by practitioners from the security services, civil society and international organisations.</p>",
  },
  focusPage: {
    title: "Area of Focus",
    subtitle: "The themes our research and journal cover",
    content:
      "<p>Our work spans peace studies, security studies, policy and governance, the development and security nexus, regional case studies, international relations and emerging issues such as cyber security and climate-related conflict.</p>",
  },
};

export type DemoPost = { title: string; category: PostCategory; daysAgo: number; paragraphs: string[] };

export const demoPosts: DemoPost[] = [
  {
    title: "Centre hosts regional dialogue on community early warning",
    category: "uncategorized",
    daysAgo: 2,
    paragraphs: [
      "More than 120 community leaders, police officers and civil society representatives met at the Centre this week for a two-day dialogue on community-based early warning systems.",
      "Participants reviewed findings from the Centre's three-year study of early warning networks in twelve local government areas, which found that alerts shared through trusted local intermediaries were acted on twice as often as those sent through formal channels alone.",
      "The dialogue closed with a joint communiqué calling for early warning desks in every divisional police headquarters and for regular meetings between security agencies and traditional rulers.",
    ],
  },
  {
    title: "2025/2026 postgraduate tuition and payment schedule",
    category: "fees",
    daysAgo: 6,
    paragraphs: [
      "The Bursary has published the tuition and payment schedule for the 2025/2026 session. Fees for the Postgraduate Diploma in Peace and Conflict Studies remain unchanged from last year.",
      "Students may pay in two instalments: 60 per cent at registration and the balance before the second-semester examinations. Payments are made only through the university's online portal; the Centre does not accept cash.",
      "Students who need a payment plan should write to the Bursar before the end of the registration period.",
    ],
  },
  {
    title: "New course: Cyber Security and Hybrid Threats",
    category: "course",
    daysAgo: 10,
    paragraphs: [
      "From the second semester the Department of Security and Strategic Studies will offer a new elective, Cyber Security and Hybrid Threats (SSS 714).",
      "The course examines disinformation campaigns, attacks on critical infrastructure and the legal questions raised by state and non-state actors operating online. It is taught jointly with the Department of Computer Science.",
      "Places are limited to 40 students; registration opens on the portal at the start of the semester.",
    ],
  },
  {
    title: "First-semester examination timetable released",
    category: "exams",
    daysAgo: 13,
    paragraphs: [
      "The first-semester examination timetable for all postgraduate programmes is now available from the Registry and on the student portal.",
      "Examinations begin on Monday and run for two weeks. Candidates must present their identity card and examination docket at every paper; no candidate will be admitted more than 30 minutes after a paper has started.",
      "Students with a clash between two papers should report it to the Academic Coordinator within three days of the timetable's release.",
    ],
  },
  {
    title: "Director briefs parliamentary committee on security sector reform",
    category: "uncategorized",
    daysAgo: 18,
    paragraphs: [
      "The Director of the Centre, Professor Samuel Mensah, appeared before the parliamentary committee on defence and security to present the Centre's policy brief on civilian oversight of the security sector.",
      "The brief recommends a standing oversight office with access to operational budgets, annual public reports on complaints against security personnel, and human rights training at every stage of a career.",
    ],
  },
  {
    title: "Scholarships for women in peace and security research",
    category: "fees",
    daysAgo: 24,
    paragraphs: [
      "Ten full-tuition scholarships are available to women admitted to the Centre's master's programmes for the coming session.",
      "The awards, funded by the Centre's partners, cover tuition, a research allowance and a mentoring programme with senior women in the security services and diplomacy. Applications close at the end of next month.",
    ],
  },
  {
    title: "Mediation practicum returns with simulated peace talks",
    category: "course",
    daysAgo: 31,
    paragraphs: [
      "Students of Negotiation and Mediation (PCS 705) spent three days in a simulated peace process, playing the parties, the mediators and the observers of a fictional conflict over a shared river basin.",
      "The practicum, run with retired diplomats and a former UN mediator, ended with a draft agreement on water sharing and a ceasefire monitoring mechanism.",
    ],
  },
  {
    title: "Guidelines for the conduct of continuous assessment",
    category: "exams",
    daysAgo: 38,
    paragraphs: [
      "The Board of Studies has approved new guidelines for continuous assessment. Coursework now counts for 40 per cent of the final mark in every taught course.",
      "Each course must include at least one written assignment and one presentation. Lecturers will return marked work within three weeks, with written feedback.",
    ],
  },
  {
    title: "Journal of Peace and Security Studies indexed in regional database",
    category: "uncategorized",
    daysAgo: 45,
    paragraphs: [
      "The Centre's journal has been accepted for indexing by a leading regional citation database, a recognition of its editorial standards and peer review.",
      "All articles published since the first issue will be indexed, and authors can now track citations to their work.",
    ],
  },
  {
    title: "Late registration fee waived for returning students",
    category: "fees",
    daysAgo: 52,
    paragraphs: [
      "Returning students who were unable to register on time because of the disruption to the payment portal will not be charged the late registration fee.",
      "The waiver applies to registrations completed before the end of the month. Students should keep their payment receipts until the portal confirms their registration.",
    ],
  },
  {
    title: "Field methods short course for practitioners",
    category: "course",
    daysAgo: 60,
    paragraphs: [
      "The Centre will run a two-week short course on research methods in conflict-affected areas for staff of security agencies and non-governmental organisations.",
      "Topics include research ethics and informed consent, safety planning for field teams, interviewing survivors of violence and the analysis of conflict event data.",
    ],
  },
  {
    title: "Results of the second-semester examinations published",
    category: "exams",
    daysAgo: 67,
    paragraphs: [
      "The Senate has approved the results of last session's second-semester examinations. Students can view their results on the portal.",
      "Requests for a review of a script must be made to the Registry within two weeks of publication, with the prescribed form.",
    ],
  },
  {
    title: "Public lecture: Climate, migration and the future of rural security",
    category: "uncategorized",
    daysAgo: 74,
    paragraphs: [
      "The Centre's annual public lecture was delivered by Dr Fatima Bello, who traced how changing rainfall patterns have redrawn grazing routes and strained relations between farming and herding communities.",
      "Dr Bello argued that local land-use agreements, backed by fair courts and responsive policing, have prevented violence where they were negotiated with every community involved.",
    ],
  },
  {
    title: "Doctoral seminar series opens for the new session",
    category: "course",
    daysAgo: 81,
    paragraphs: [
      "The doctoral seminar series begins again next week. Every Wednesday, a doctoral candidate presents work in progress to staff and fellow students.",
      "The seminars are open to master's students and to visiting researchers. The programme is available from the Academic Coordinator's office.",
    ],
  },
];

export type DemoPerson = { given: string; family: string; affiliation: string; orcid: string; email: string };

/** The demo journal's authors: plausible people with valid (made-up) ORCID iDs. */
export const demoPeople = {
  bello: {
    given: "Fatima",
    family: "Bello",
    affiliation: "Department of Peace and Conflict Studies, Lakeland University",
    orcid: "0000-0003-1234-5674",
    email: "f.bello@lakeland.example.edu",
  },
  mensah: {
    given: "Samuel",
    family: "Mensah",
    affiliation: "Legon Centre for International Affairs and Diplomacy, University of Ghana",
    orcid: "0000-0002-4455-1205",
    email: "s.mensah@ug.example.edu",
  },
  okonkwo: {
    given: "Adaeze",
    family: "Okonkwo",
    affiliation: "Centre for Peace, Security and Conflict Resolution, Lakeland University",
    orcid: "0000-0001-7788-341X",
    email: "a.okonkwo@lakeland.example.edu",
  },
  musa: {
    given: "Ibrahim",
    family: "Musa",
    affiliation: "Department of Political Science, Ahmadu Bello University",
    orcid: "0000-0003-0219-8762",
    email: "i.musa@abu.example.edu",
  },
  adeyemi: {
    given: "Grace",
    family: "Adeyemi",
    affiliation: "Institute for Peace and Strategic Studies, University of Ibadan",
    orcid: "0000-0002-5566-0431",
    email: "g.adeyemi@ui.example.edu",
  },
  ojo: {
    given: "Ruth",
    family: "Ojo",
    affiliation: "Department of Computer Science, Lakeland University",
    orcid: "",
    email: "r.ojo@lakeland.example.edu",
  },
  eze: {
    given: "Daniel",
    family: "Eze",
    affiliation: "Department of Sociology, University of Nigeria, Nsukka",
    orcid: "0000-0001-4432-198X",
    email: "d.eze@unn.example.edu",
  },
  tanko: {
    given: "Joseph",
    family: "Tanko",
    affiliation: "Centre for Migration Studies, Lakeland University",
    orcid: "0000-0003-9901-2345",
    email: "j.tanko@lakeland.example.edu",
  },
} satisfies Record<string, DemoPerson>;
type PersonKey = keyof typeof demoPeople;

/** The journal's settings in the demo (ISSNs and the Crossref test prefix 10.5555 are made up but valid). */
export const demoJournalProfile = {
  title: "Journal of Peace and Security Studies",
  abbreviation: "J. Peace Secur. Stud.",
  issnPrint: "2756-3308",
  issnOnline: "2756-3316",
  publisher: "Centre for Peace, Security and Conflict Resolution, Lakeland University",
  doiPrefix: "10.5555",
  licence: "CC-BY-4.0" as const,
  board: [
    { name: "Professor Adaeze Okonkwo", role: "Editor-in-Chief", affiliation: "Lakeland University" },
    { name: "Dr Samuel Mensah", role: "Deputy Editor", affiliation: "University of Ghana" },
    { name: "Dr Grace Adeyemi", role: "Book Reviews Editor", affiliation: "University of Ibadan" },
    { name: "Professor Ibrahim Musa", role: "Editorial Board", affiliation: "Ahmadu Bello University" },
    { name: "Dr Joseph Tanko", role: "Managing Editor", affiliation: "Lakeland University" },
  ],
  focusScope:
    "<p>The <em>Journal of Peace and Security Studies</em> publishes peer-reviewed research on the causes of violent conflict, its prevention and resolution, and the governance of security, with a focus on Africa. It welcomes empirical, theoretical and policy-oriented work from every discipline.</p>",
  // The demo's one call for papers (decision 040): its deadline and issue are the settings' own.
  callTitle: "Call for Papers: Volume 3, Number 1 (2026)",
  callText:
    "<p>The <strong>Journal of Peace and Security Studies</strong> invites original research articles, review articles and policy briefs for Volume 3, Number 1, a special issue on <strong>security in a changing climate</strong>. We particularly welcome work on:</p>" +
    "<ul><li>community-based early warning and conflict prevention</li><li>security sector reform and civilian oversight</li>" +
    "<li>climate change, migration and resource conflicts</li><li>gender, youth and peacebuilding</li></ul>" +
    "<p>Manuscripts of 6,000 to 9,000 words, anonymised for double-blind review, are due by <strong>31 December 2026</strong>. Authors will receive reviewers' decisions within eight weeks of submission.</p>",
  callDeadline: "2026-12-31",
};

/** The demo's issues: two volumes of two issues, and the forthcoming issue the call is for. */
export const demoIssues = [
  { volume: 1, number: 1, year: 2024, title: "", publishedOn: "2024-06-28", status: "published" as const },
  {
    volume: 1,
    number: 2,
    year: 2024,
    title: "Borders and Mobility",
    publishedOn: "2024-12-16",
    status: "published" as const,
  },
  { volume: 2, number: 1, year: 2025, title: "", publishedOn: "2025-06-30", status: "published" as const },
  {
    volume: 2,
    number: 2,
    year: 2025,
    title: "Ten Years of Peace Research",
    publishedOn: "2025-12-15",
    status: "published" as const,
  },
  {
    volume: 3,
    number: 1,
    year: 2026,
    title: "Security in a Changing Climate",
    publishedOn: null,
    status: "forthcoming" as const,
  },
];

const REFERENCES = {
  galtung: "Galtung, J. (1969). Violence, peace, and peace research. Journal of Peace Research, 6(3), 167–191.",
  lederach:
    "Lederach, J. P. (1997). Building Peace: Sustainable Reconciliation in Divided Societies. United States Institute of Peace Press.",
  collier:
    "Collier, P., & Hoeffler, A. (2004). Greed and grievance in civil war. Oxford Economic Papers, 56(4), 563–595.",
  fearon:
    "Fearon, J. D., & Laitin, D. D. (2003). Ethnicity, insurgency, and civil war. American Political Science Review, 97(1), 75–90.",
  kaldor: "Kaldor, M. (2012). New and Old Wars: Organized Violence in a Global Era (3rd ed.). Polity.",
  paffenholz:
    "Paffenholz, T. (2014). Civil society and peace negotiations: Beyond the inclusion–exclusion dichotomy. Negotiation Journal, 30(1), 69–91.",
  autesserre:
    "Autesserre, S. (2014). Peaceland: Conflict Resolution and the Everyday Politics of International Intervention. Cambridge University Press.",
  hendrix:
    "Hendrix, C. S., & Salehyan, I. (2012). Climate change, rainfall, and social conflict in Africa. Journal of Peace Research, 49(1), 35–50.",
  tyler: "Tyler, T. R. (2006). Why People Obey the Law. Princeton University Press.",
  hayner:
    "Hayner, P. B. (2011). Unspeakable Truths: Transitional Justice and the Challenge of Truth Commissions (2nd ed.). Routledge.",
};

export type DemoJournal = {
  title: string;
  authors: PersonKey[];
  abstract: string;
  sections: { heading: string; text: string }[];
  /** Volume and number of its issue, or null (online first, published `daysAgo`). */
  issue: [number, number] | null;
  section: "editorial" | "research" | "review" | "policy";
  pages: [number, number] | null;
  keywords: string[];
  references: (keyof typeof REFERENCES)[];
  daysAgo: number;
};

/** A demo article's references, as the journal lists them. */
export const demoReferences = (journal: DemoJournal) => journal.references.map((key) => REFERENCES[key]);

export const demoJournals: DemoJournal[] = [
  {
    title: "Community Early Warning and the Prevention of Communal Violence",
    authors: ["bello", "mensah"],
    abstract:
      "Drawing on 240 interviews in twelve local government areas, this article shows that early warning alerts passed through trusted local intermediaries were acted on far more often than alerts sent through formal channels alone.",
    sections: [
      {
        heading: "Introduction",
        text: "Early warning systems promise to turn information about rising tension into timely action. Yet many alerts are never acted upon. This article asks which channels carry warnings that lead to a response.",
      },
      {
        heading: "Findings",
        text: "Alerts relayed by traditional rulers, religious leaders and women's associations were acted on in 61 per cent of cases, against 29 per cent for alerts sent only to formal reporting lines.",
      },
      {
        heading: "Conclusion",
        text: "Early warning is a social system before it is a technical one. Investment in relationships between communities and security agencies matters as much as investment in reporting tools.",
      },
    ],
    issue: [2, 2],
    section: "research",
    pages: [5, 24],
    keywords: ["early warning", "communal violence", "conflict prevention", "local intermediaries"],
    references: ["lederach", "autesserre"],
    daysAgo: 3,
  },
  {
    title: "Civilian Oversight of the Security Sector: Lessons from Five Democracies",
    authors: ["okonkwo"],
    abstract:
      "This comparative study of oversight bodies in five democracies identifies the legal powers, budgets and reporting practices that distinguish effective civilian oversight from symbolic oversight.",
    sections: [
      {
        heading: "Introduction",
        text: "Oversight institutions are common; effective ones are rare. This article compares five national oversight bodies established since 1995.",
      },
      {
        heading: "Analysis",
        text: "Access to operational budgets, the power to compel testimony and regular public reporting were present in every effective case and absent in every symbolic one.",
      },
      { heading: "Conclusion", text: "Reformers should prioritise the powers of oversight bodies over their number." },
    ],
    issue: [2, 2],
    section: "research",
    pages: [25, 41],
    keywords: ["security sector reform", "civilian oversight", "democracy"],
    references: ["kaldor", "tyler"],
    daysAgo: 20,
  },
  {
    title: "Grazing Routes, Rainfall and Farmer-Herder Conflict",
    authors: ["bello"],
    abstract:
      "Combining rainfall records with conflict event data from 2000 to 2024, the article links the shifting of grazing routes to new sites of farmer-herder violence and assesses local land-use agreements as a response.",
    sections: [
      {
        heading: "Data and methods",
        text: "We match monthly rainfall anomalies with geo-coded conflict events and with interviews in twenty communities along traditional grazing routes.",
      },
      {
        heading: "Results",
        text: "Violence clustered where routes shifted into farmland without negotiated agreements; where agreements existed, incidents fell by more than half.",
      },
    ],
    issue: [2, 1],
    section: "research",
    pages: [1, 22],
    keywords: ["farmer-herder conflict", "rainfall", "land use", "climate"],
    references: ["hendrix", "fearon"],
    daysAgo: 41,
  },
  {
    title: "Youth, Unemployment and Recruitment into Armed Groups",
    authors: ["musa", "adeyemi"],
    abstract:
      "Using a survey of 1,200 young people in three states, the article finds that perceived injustice and exclusion predict sympathy for armed groups more strongly than unemployment alone.",
    sections: [
      {
        heading: "Introduction",
        text: "Policy debates often assume that jobs alone will prevent recruitment into armed groups. We test this assumption against young people's own accounts.",
      },
      {
        heading: "Findings",
        text: "Perceived unfair treatment by authorities was the strongest predictor of sympathy for armed groups, ahead of unemployment, education and income.",
      },
    ],
    issue: [2, 1],
    section: "research",
    pages: [23, 44],
    keywords: ["youth", "armed groups", "recruitment", "grievance"],
    references: ["collier", "fearon"],
    daysAgo: 65,
  },
  {
    title: "Women Mediators in Local Peace Processes",
    authors: ["ojo", "bello"],
    abstract:
      "Case studies of nine local peace agreements show that agreements mediated with women's participation included more provisions on reconciliation and were more likely to hold after two years.",
    sections: [
      {
        heading: "Cases",
        text: "We study nine local agreements negotiated between 2015 and 2022, comparing those with and without women among the mediators.",
      },
      {
        heading: "Conclusion",
        text: "Women's participation widened the agenda of talks and strengthened the implementation of agreements.",
      },
    ],
    issue: [2, 1],
    section: "review",
    pages: [45, 60],
    keywords: ["women", "mediation", "peace agreements"],
    references: ["paffenholz", "lederach"],
    daysAgo: 90,
  },
  {
    title: "Cyber Security and Hybrid Threats to Critical Infrastructure",
    authors: ["ojo"],
    abstract:
      "The article maps attacks on power, telecommunications and banking infrastructure in the region since 2018 and argues for a coordinated national incident response capability.",
    sections: [
      {
        heading: "Threat landscape",
        text: "Reported incidents rose fivefold between 2018 and 2024, with ransomware and disinformation campaigns accounting for most of the increase.",
      },
      {
        heading: "Recommendations",
        text: "A national incident response centre, mandatory reporting for operators of critical infrastructure and regional information sharing.",
      },
    ],
    issue: [1, 2],
    section: "policy",
    pages: [47, 58],
    keywords: ["cyber security", "critical infrastructure", "hybrid threats"],
    references: ["kaldor"],
    daysAgo: 120,
  },
  {
    title: "Policing by Consent: Trust in the Police after Community Policing Reforms",
    authors: ["eze", "mensah"],
    abstract:
      "Survey data collected before and after the introduction of community policing committees show a modest but significant rise in trust where committees met regularly and published their decisions.",
    sections: [
      {
        heading: "Design",
        text: "We compare trust in the police in districts with and without community policing committees over four years.",
      },
      {
        heading: "Findings",
        text: "Trust rose by nine percentage points where committees met monthly and shared minutes publicly, and did not change elsewhere.",
      },
    ],
    issue: [1, 2],
    section: "research",
    pages: [1, 20],
    keywords: ["community policing", "trust", "police reform"],
    references: ["tyler"],
    daysAgo: 150,
  },
  {
    title: "Transitional Justice and Reconciliation after Insurgency",
    authors: ["okonkwo", "tanko"],
    abstract:
      "This article reviews truth-telling, reparations and reintegration programmes for former fighters, and proposes principles for a transitional justice framework suited to communities emerging from insurgency.",
    sections: [
      {
        heading: "Review",
        text: "We review twelve programmes for the reintegration of former fighters and the experiences of the communities that received them.",
      },
      {
        heading: "Principles",
        text: "Victims' participation, local ownership, and a balance between accountability and reintegration.",
      },
    ],
    issue: [1, 2],
    section: "review",
    pages: [21, 46],
    keywords: ["transitional justice", "reconciliation", "reintegration"],
    references: ["hayner", "lederach"],
    daysAgo: 180,
  },
  {
    title: "Small Arms Proliferation and Border Security",
    authors: ["musa"],
    abstract:
      "Tracing seizures of small arms at border posts between 2016 and 2024, the article identifies the main trafficking routes and evaluates joint border patrols as a response.",
    sections: [
      {
        heading: "Routes",
        text: "Three overland corridors accounted for most seizures, with a growing share of weapons arriving in dismantled form.",
      },
      {
        heading: "Joint patrols",
        text: "Seizures doubled where patrols were joint and intelligence was shared, but fell back when funding lapsed.",
      },
    ],
    issue: [1, 1],
    section: "research",
    pages: [1, 18],
    keywords: ["small arms", "border security", "trafficking"],
    references: ["kaldor", "collier"],
    daysAgo: 210,
  },
  {
    title: "Regional Organisations and Conflict Prevention in West Africa",
    authors: ["mensah", "adeyemi"],
    abstract:
      "The article examines preventive diplomacy by regional organisations from 2010 to 2024 and finds that early engagement by envoys with a standing mandate was associated with fewer escalations.",
    sections: [
      {
        heading: "Introduction",
        text: "Regional organisations have built conflict prevention mechanisms, but their use has been uneven.",
      },
      {
        heading: "Findings",
        text: "Standing envoys, early warning reports shared with member states and financial support for mediation were associated with fewer escalations.",
      },
    ],
    issue: [1, 1],
    section: "research",
    pages: [19, 38],
    keywords: ["regional organisations", "preventive diplomacy", "West Africa"],
    references: ["autesserre", "galtung"],
    daysAgo: 240,
  },
  {
    title: "Refugee Hosting and Social Cohesion in Border Communities",
    authors: ["tanko", "ojo"],
    abstract:
      "Interviews in six host communities show that shared access to schools, clinics and markets eased tensions between refugees and hosts more than humanitarian aid delivered separately to each group.",
    sections: [
      {
        heading: "Method",
        text: "We conducted 96 interviews and 12 focus groups in six communities hosting refugees since 2019.",
      },
      {
        heading: "Conclusion",
        text: "Services shared by refugees and hosts built everyday contact and reduced perceptions of unfairness.",
      },
    ],
    issue: [1, 1],
    section: "research",
    pages: [39, 56],
    keywords: ["refugees", "social cohesion", "host communities"],
    references: ["autesserre"],
    daysAgo: 270,
  },
  {
    title: "Editorial: Ten Years of Peace Research at the Centre",
    authors: ["okonkwo"],
    abstract:
      "The Editor-in-Chief introduces this special issue, looks back on a decade of the Centre's research on conflict prevention and security governance, and sets out the questions the journal means to pursue next.",
    sections: [
      {
        heading: "A decade of research",
        text: "Since its founding the Centre has studied how conflicts begin, how they end and what keeps them from returning.",
      },
    ],
    issue: [2, 2],
    section: "editorial",
    pages: [1, 4],
    keywords: ["peace research", "editorial"],
    references: ["galtung"],
    daysAgo: 0,
  },
  {
    title: "Drones, Surveillance and the Protection of Civilians",
    authors: ["musa", "ojo"],
    abstract:
      "Reviewing the use of surveillance drones by security agencies since 2020, the article asks what safeguards keep aerial surveillance consistent with the protection of civilians and their privacy.",
    sections: [
      {
        heading: "Introduction",
        text: "Surveillance drones have become common in internal security operations, with little public debate about their rules of use.",
      },
      {
        heading: "Safeguards",
        text: "Clear mandates, independent review of footage and limits on retention were present in the cases where complaints were fewest.",
      },
    ],
    issue: null,
    section: "research",
    pages: null,
    keywords: ["drones", "surveillance", "civilian protection", "privacy"],
    references: ["kaldor", "tyler"],
    daysAgo: 12,
  },
];

export type DemoFaculty = {
  name: string;
  departments: {
    name: string;
    image: boolean;
    content: string;
    courses: { code: string; name: string; credits: number; semester: Semester; description: string }[];
  }[];
};

export const demoFaculties: DemoFaculty[] = [
  {
    name: "Faculty of Social Sciences",
    departments: [
      {
        name: "Peace and Conflict Studies",
        image: true,
        content:
          "The department offers the Centre's flagship postgraduate programmes in peace and conflict studies, combining theory, field research and practical training in mediation.",
        courses: [
          {
            code: "PCS 701",
            name: "Theories of Conflict and Peace",
            credits: 3,
            semester: "First",
            description: "Classical and contemporary explanations of why conflicts start, escalate and end.",
          },
          {
            code: "PCS 702",
            name: "Research Methods in Conflict Settings",
            credits: 3,
            semester: "First",
            description:
              "Qualitative and quantitative methods, ethics and safety for research in conflict-affected areas.",
          },
          {
            code: "PCS 705",
            name: "Negotiation and Mediation",
            credits: 4,
            semester: "Second",
            description: "Mediation practice, including a three-day simulated peace process.",
          },
          {
            code: "PCS 708",
            name: "Peacebuilding and Reconciliation",
            credits: 3,
            semester: "Second",
            description: "Post-conflict recovery, reconciliation and transitional justice.",
          },
          {
            code: "PCS 790",
            name: "Dissertation",
            credits: 6,
            semester: "Both",
            description: "An independent research project of 15,000 to 20,000 words, supervised by a member of staff.",
          },
        ],
      },
      {
        name: "Political Science and International Relations",
        image: true,
        content:
          "The department studies states, regional organisations and the international system, with a focus on diplomacy and conflict prevention.",
        courses: [
          {
            code: "PIR 711",
            name: "International Relations Theory",
            credits: 3,
            semester: "First",
            description: "Realism, liberalism, constructivism and critical approaches.",
          },
          {
            code: "PIR 712",
            name: "Regional Organisations and Security",
            credits: 3,
            semester: "Second",
            description: "The security architecture of regional organisations and their record in conflict prevention.",
          },
          {
            code: "PIR 715",
            name: "Foreign Policy Analysis",
            credits: 2,
            semester: "First",
            description: "How governments make foreign policy decisions, with case studies.",
          },
          {
            code: "PIR 718",
            name: "Diplomacy and Statecraft",
            credits: 3,
            semester: "Second",
            description: "The practice of diplomacy, from bilateral relations to multilateral negotiation.",
          },
        ],
      },
    ],
  },
  {
    name: "Faculty of Law",
    departments: [
      {
        name: "International and Humanitarian Law",
        image: true,
        content:
          "The department teaches the law of armed conflict, international criminal law and the protection of civilians.",
        courses: [
          {
            code: "IHL 721",
            name: "International Humanitarian Law",
            credits: 3,
            semester: "First",
            description: "The law of armed conflict: distinction, proportionality and the protection of civilians.",
          },
          {
            code: "IHL 722",
            name: "International Criminal Law",
            credits: 3,
            semester: "Second",
            description: "War crimes, crimes against humanity and the jurisdiction of international courts.",
          },
          {
            code: "IHL 725",
            name: "Refugee and Migration Law",
            credits: 2,
            semester: "Second",
            description: "International protection of refugees and internally displaced persons.",
          },
          {
            code: "IHL 728",
            name: "Law of the Sea and Maritime Security",
            credits: 2,
            semester: "First",
            description: "Piracy, maritime boundaries and cooperation at sea.",
          },
        ],
      },
      {
        name: "Public Law and Human Rights",
        image: false,
        content: "",
        courses: [
          {
            code: "PLH 731",
            name: "Human Rights Law",
            credits: 3,
            semester: "First",
            description: "Regional and international human rights systems and their enforcement.",
          },
          {
            code: "PLH 732",
            name: "Constitutionalism and the Security Sector",
            credits: 3,
            semester: "Second",
            description: "Constitutional control of the armed forces, police and intelligence services.",
          },
          {
            code: "PLH 735",
            name: "Access to Justice",
            credits: 2,
            semester: "Both",
            description: "Legal aid, customary courts and the justice needs of ordinary people.",
          },
        ],
      },
    ],
  },
  {
    name: "Faculty of Management and Security Sciences",
    departments: [
      {
        name: "Security and Strategic Studies",
        image: true,
        content:
          "The department prepares analysts and managers for careers in national security, emergency management and corporate security.",
        courses: [
          {
            code: "SSS 701",
            name: "Strategic Studies",
            credits: 3,
            semester: "First",
            description: "Strategy, deterrence and the use of force in international politics.",
          },
          {
            code: "SSS 704",
            name: "Intelligence Analysis",
            credits: 3,
            semester: "First",
            description: "The intelligence cycle, analytic techniques and oversight of intelligence.",
          },
          {
            code: "SSS 709",
            name: "Counter-Terrorism and Counter-Insurgency",
            credits: 3,
            semester: "Second",
            description: "Causes of terrorism and insurgency and the record of responses to them.",
          },
          {
            code: "SSS 711",
            name: "Disaster and Emergency Management",
            credits: 2,
            semester: "Second",
            description: "Preparedness, response and recovery for natural and man-made disasters.",
          },
          {
            code: "SSS 714",
            name: "Cyber Security and Hybrid Threats",
            credits: 3,
            semester: "Second",
            description: "Disinformation, attacks on critical infrastructure and the law of cyber operations.",
          },
          {
            code: "SSS 716",
            name: "Border Management and Small Arms Control",
            credits: 2,
            semester: "First",
            description: "Border security, arms trafficking and regional cooperation.",
          },
        ],
      },
      {
        name: "Criminology and Intelligence Studies",
        image: false,
        content:
          "A new department admitting its first students next session. Its courses will be published here once approved by the Senate.",
        courses: [],
      },
    ],
  },
];

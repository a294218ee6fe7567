/**
 * One template per message: each gives a subject, a plain-text body and an HTML body from the same
 * words, in the site's name (site settings) and in English, the site's language.
 */
export type MailSite = { name: string };

export type RenderedMail = { subject: string; text: string; html: string };

/** What each template needs besides the site. */
export type MailTemplates = {
  /** A new account's address, confirmed by its link. */
  "verify-email": { username: string; link: string };
  /** A new address for an existing account, which takes effect once its link is clicked. */
  "confirm-email-change": { username: string; link: string };
  /** A link to choose a new password (asked for on /forgot-password, or sent by an admin). */
  "reset-password": { username: string; link: string; byAdmin?: string };
  /** Someone signed up with an address that already has an account: its owner is told. */
  "sign-up-attempt": { username: string; resetLink: string };
  /** To the old address once a new one took effect: a way back if it was not the owner's doing. */
  "email-changed": { username: string; newEmail: string; resetLink: string };
  /**
   * Someone signed up with an address that an unverified account holds: the new account is made
   * only once this link proves the address is theirs (the unverified account then loses it).
   */
  "confirm-sign-up": { username: string; link: string };
  /** An admin invites a colleague, with the roles the link gives (issue 33). */
  invitation: { invitedBy: string; roles: string; link: string; days: number };
  /**
   * A mail of the journal's workflow (issue 34), whose subject and text the journal manager edits
   * (app/submissions/settings.ts): paragraphs as written, a line that is only an address a link.
   */
  workflow: { subject: string; body: string };
};

export type TemplateName = keyof MailTemplates;

export const TEMPLATE_NAMES: TemplateName[] = [
  "verify-email",
  "confirm-email-change",
  "reset-password",
  "sign-up-attempt",
  "confirm-sign-up",
  "email-changed",
  "invitation",
  "workflow",
];

const LINK_HOURS = { verify: 24, reset: 1 };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A message's parts: paragraphs of text, and at most one link shown as a button. */
type Parts = {
  subject: string;
  greeting: string;
  before: string[];
  action?: { label: string; link: string };
  after: string[];
};

function render(site: MailSite, parts: Parts): RenderedMail {
  const text = [
    parts.greeting,
    "",
    ...parts.before.flatMap((p) => [p, ""]),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.link}`, ""] : []),
    ...parts.after.flatMap((p) => [p, ""]),
    `— ${site.name}`,
  ].join("\n");
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const button = parts.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(parts.action.link)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(parts.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, copy this address into your browser:<br>${escapeHtml(parts.action.link)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;background:#f8fafc">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px">
${paragraph(parts.greeting)}
${parts.before.map(paragraph).join("\n")}
${button}
${parts.after.map(paragraph).join("\n")}
<p style="margin:24px 0 0;color:#475569">— ${escapeHtml(site.name)}</p>
</div></body></html>`;
  return { subject: parts.subject, text, html };
}

const TEMPLATES: { [K in Exclude<TemplateName, "workflow">]: (site: MailSite, data: MailTemplates[K]) => Parts } = {
  "verify-email": (site, { username, link }) => ({
    subject: `Confirm your email address for ${site.name}`,
    greeting: `Hello ${username},`,
    before: [`Thank you for creating an account on ${site.name}. Please confirm that this email address is yours.`],
    action: { label: "Confirm my email address", link },
    after: [
      `The link works for ${LINK_HOURS.verify} hours.`,
      "If you did not create this account, you can ignore this email: the address stays unconfirmed.",
    ],
  }),
  "confirm-email-change": (site, { username, link }) => ({
    subject: `Confirm your new email address for ${site.name}`,
    greeting: `Hello ${username},`,
    before: [`You asked to use this address for your account on ${site.name}. It takes effect once you confirm it.`],
    action: { label: "Confirm my new email address", link },
    after: [
      `The link works for ${LINK_HOURS.verify} hours and only once.`,
      "If you did not ask for this, you can ignore this email: nothing changes.",
    ],
  }),
  "reset-password": (site, { username, link, byAdmin }) => ({
    subject: `Reset your password for ${site.name}`,
    greeting: `Hello ${username},`,
    before: [
      byAdmin
        ? `${byAdmin}, an administrator of ${site.name}, sent you this link to choose a new password.`
        : `Someone, hopefully you, asked to reset the password of your account on ${site.name}.`,
    ],
    action: { label: "Choose a new password", link },
    after: [
      `The link works for ${LINK_HOURS.reset} hour and only once. Choosing a new password signs you out everywhere else.`,
      "If you did not ask for this, you can ignore this email: your password stays as it is.",
    ],
  }),
  "sign-up-attempt": (site, { username, resetLink }) => ({
    subject: `Someone tried to sign up to ${site.name} with your address`,
    greeting: `Hello ${username},`,
    before: [
      `Someone tried to create a new account on ${site.name} with this email address. It already has an account: yours, with the username ${username}. No new account was made.`,
      "If it was you, you can sign in with that username. If you have forgotten your password, choose a new one here:",
    ],
    action: { label: "Choose a new password", link: resetLink },
    after: [
      `The link works for ${LINK_HOURS.reset} hour and only once.`,
      "If it was not you, you can ignore this email: your account is unchanged.",
    ],
  }),
  "email-changed": (site, { username, newEmail, resetLink }) => ({
    subject: `The email address of your account on ${site.name} has changed`,
    greeting: `Hello ${username},`,
    before: [
      `The email address of your account on ${site.name} is now ${newEmail}. This address no longer receives its mails.`,
      "If you did not make this change, choose a new password now: it signs out everyone using your account.",
    ],
    action: { label: "Choose a new password", link: resetLink },
    after: [`The link works for ${LINK_HOURS.reset} hour and only once.`],
  }),
  "confirm-sign-up": (site, { username, link }) => ({
    subject: `Confirm your new account on ${site.name}`,
    greeting: `Hello ${username},`,
    before: [
      `Someone, hopefully you, signed up to ${site.name} with this email address and the username ${username}. The account is made once you confirm that the address is yours.`,
    ],
    action: { label: "Confirm and create my account", link },
    after: [
      `The link works for ${LINK_HOURS.verify} hours and only once.`,
      "If you did not sign up, you can ignore this email: no account will be made.",
    ],
  }),
  invitation: (site, { invitedBy, roles, link, days }) => ({
    subject: `You are invited to work on ${site.name}`,
    greeting: "Hello,",
    before: [
      `${invitedBy} invites you to ${site.name} as ${roles}.`,
      "Follow the link to choose a username and password, or to sign in with an account you already have. You then land in your dashboard.",
    ],
    action: { label: "Accept the invitation", link },
    after: [
      `The link works for ${days} days and only once.`,
      "If you were not expecting this, you can ignore this email: nothing is made until the link is used.",
    ],
  }),
};

/** A workflow mail's text as typed: its paragraphs, and the one address shown as a button (the first). */
function workflowParts({ subject, body }: MailTemplates["workflow"]): Parts {
  const paragraphs = body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const [greeting, ...rest] = paragraphs.length > 1 ? paragraphs : ["Hello,", ...paragraphs];
  // A paragraph ending in an address ("…: https://…") gives the button; the words stay.
  const withLink = rest.findIndex((p) => /https?:\/\/\S+$/.test(p));
  if (withLink < 0) return { subject, greeting, before: rest, after: [] };
  const link = rest[withLink].match(/https?:\/\/\S+$/)![0];
  const words = rest[withLink].slice(0, -link.length).replace(/[:\s]+$/, "");
  return {
    subject,
    greeting,
    before: [...rest.slice(0, withLink), ...(words ? [words] : [])],
    action: { label: "Open", link },
    after: rest.slice(withLink + 1),
  };
}

/** The subject and both bodies of one message. */
export function renderMail<K extends TemplateName>(template: K, site: MailSite, data: MailTemplates[K]): RenderedMail {
  if (template === "workflow") return render(site, workflowParts(data as MailTemplates["workflow"]));
  return render(site, TEMPLATES[template as Exclude<K, "workflow">](site, data as never));
}

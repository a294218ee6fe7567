import type { z } from "zod";

import { ANNOUNCEMENT_UPDATED, NO_SUCH_FOCUS, NO_SUCH_ROLE, NO_SUCH_SECTION } from "~/domain/messages/site";
import {
  FOCUS_KEYS,
  type FocusKey,
  SETTINGS_SECTIONS,
  type SettingsSection,
  STAFF_ROLES,
  type StaffRole,
} from "~/domain/vocabulary";
import type { Services } from "~/runtime.server";

import {
  type ApiContext,
  type ApiResult,
  type BodyOf,
  type BodyVariants,
  type Operation,
  operationsTagged,
} from "../operation.server";
import * as s from "../schemas";
import { ok, refuse } from "./shared.server";

/** Settings sections, staff, the announcement and the focus pages (SPEC.md section 7). */

/** The value when the list holds it; otherwise a 404 that says which kind of thing is missing. */
const known =
  <T extends string>(list: readonly T[], missing: string) =>
  (value: string): T =>
    (list as readonly string[]).includes(value) ? (value as T) : refuse(404, missing);

async function settingsOut(services: Services, section: SettingsSection) {
  return ok({ section, ...(await services.siteContent.settings(section)) });
}

async function staffOut(services: Services, role: StaffRole) {
  return ok((await services.siteContent.staff()).find((r) => r.role === role));
}

/** A record the path names (a settings section, a staff role, a focus page), and how it is answered. */
type Named<Name> = {
  param: string;
  /** The name, when there is such a record; otherwise a 404 that says which kind of thing is missing. */
  nameOf: (value: string) => Name;
  record: z.ZodType;
  out: (services: Services, name: Name) => Promise<ApiResult>;
};

const sections: Named<SettingsSection> = {
  param: "section",
  nameOf: known(SETTINGS_SECTIONS, NO_SUCH_SECTION),
  record: s.settingsRecord,
  out: settingsOut,
};
const staffRoles: Named<StaffRole> = {
  param: "role",
  nameOf: known(STAFF_ROLES, NO_SUCH_ROLE),
  record: s.staffRecord,
  out: staffOut,
};
const focusPages: Named<FocusKey> = {
  param: "key",
  nameOf: known(FOCUS_KEYS, NO_SUCH_FOCUS),
  record: s.focusRecord,
  out: async (services, key) => ok(await services.siteContent.focus(key)),
};

/** A settings section's body: the section in the path says which fields it has. */
const settingsBody: BodyVariants = { param: "section", variants: s.settingsBodies };

/** What a read of the record the path names adds to its declaration. */
const reads = <Name>(kind: Named<Name>, description: string) => ({
  responses: { 200: { description, schema: kind.record } },
  errors: [404],
  async handle({ services, params }: ApiContext<never, never>) {
    return kind.out(services, kind.nameOf(params[kind.param]));
  },
});

/** What an admin's save of the record the path names adds to its declaration: the answer is the record as saved. */
const saves = <Name, B extends z.ZodType | BodyVariants>(
  kind: Named<Name>,
  body: B,
  description: string,
  save: (services: Services, name: Name, body: BodyOf<B>, editorId: string | undefined) => Promise<unknown>,
) => ({
  body,
  responses: { 200: { description, schema: kind.record } },
  errors: [404],
  async handle({ services, params, body, user }: ApiContext<never, BodyOf<B>>) {
    const name = kind.nameOf(params[kind.param]);
    await save(services, name, body, user?.id);
    return kind.out(services, name);
  },
});

const operation = operationsTagged("Site content");

export const siteOperations: Operation[] = [
  operation("getSettings", "GET /api/settings/{section}", "public", {
    summary: "A settings section's fields",
    ...reads(sections, "The section"),
  }),
  operation("saveSettings", "PUT /api/settings/{section}", "site", {
    summary: "Save a settings section (every field)",
    description:
      "`vcImage` and `directorImage` (the earlier client's spelling) are taken as `vcimage` and `directorimage`.",
    bodyAliases: { vcImage: "vcimage", directorImage: "directorimage" },
    ...saves(sections, settingsBody, "The saved section", (services, section, body, editorId) => {
      const { section: _ignored, _id, id, createdAt, updatedAt, __v, ...fields } = body;
      void [_ignored, _id, id, createdAt, updatedAt, __v];
      return services.siteContent.saveSettings(section, fields, editorId);
    }),
  }),
  operation("getStaff", "GET /api/staff", "public", {
    summary: "Every staff record, keyed by role (director and vc among them)",
    responses: { 200: { description: "Staff by role", schema: s.staffByRole } },
    async handle({ services }) {
      return ok(Object.fromEntries((await services.siteContent.staff()).map((r) => [r.role, r])));
    },
  }),
  operation("getStaffRole", "GET /api/staff/{role}", "public", {
    summary: "One staff record",
    ...reads(staffRoles, "The record"),
  }),
  operation("saveStaff", "PUT /api/staff/{role}", "site", {
    summary: "Save a staff record (every field)",
    ...saves(staffRoles, s.staffBody, "The saved record", (services, role, body, editorId) => {
      const { name, post, email, description, photo } = body;
      return services.siteContent.saveStaff(role, { name, post, email, description, photo }, editorId);
    }),
  }),
  // SPEC.md's announcement is the journal's call for papers (decision 040): its title and text.
  operation("getAnnouncement", "GET /api/announce", "public", {
    summary: "The announcement: the journal's call for papers",
    responses: { 200: { description: "Title and content", schema: s.announcementRecord } },
    async handle({ services }) {
      return ok(await services.journal.call());
    },
  }),
  operation("saveAnnouncement", "PUT /api/announce", "journal", {
    summary: "Save the announcement: the journal's call for papers (its deadline and issue stay)",
    body: s.announcementBody,
    responses: { 200: { description: "Saved", schema: s.savedAnnouncementResponse } },
    async handle({ services, body, user }) {
      const saved = await services.journal.saveCall({ title: body.title, content: body.content }, user?.id);
      return ok({ success: true, message: ANNOUNCEMENT_UPDATED, ...saved });
    },
  }),
  operation("getFocus", "GET /api/focus/{key}", "public", {
    summary: "A focus page's words (homePage, submitPage, aboutPage, focusPage)",
    ...reads(focusPages, "The focus record"),
  }),
  operation("saveFocus", "POST /api/focus", "site", {
    summary: "Read (key only) or save (key, title, subtitle, content) a focus page",
    body: s.focusBody,
    responses: { 200: { description: "The focus record", schema: s.focusRecord } },
    async handle({ services, body, user }) {
      if (body.title !== undefined || body.subtitle !== undefined || body.content !== undefined) {
        await services.siteContent.saveFocus(
          {
            key: body.key,
            title: body.title ?? "",
            subtitle: body.subtitle ?? "",
            content: body.content ?? "",
          },
          user?.id,
        );
      }
      return ok(await services.siteContent.focus(body.key));
    },
  }),
];

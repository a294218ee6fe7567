import { ANNOUNCEMENT_UPDATED, NO_SUCH_FOCUS, NO_SUCH_ROLE, NO_SUCH_SECTION } from "~/domain/messages/site";
import { FOCUS_KEYS, SETTINGS_SECTIONS, type SettingsSection, STAFF_ROLES, type StaffRole } from "~/domain/vocabulary";
import type { Services } from "~/registry.server";

import { type Operation, operationsTagged } from "../operation.server";
import * as s from "../schemas";
import { ok, refuse } from "./shared.server";

/** Settings sections, staff, the announcement and the focus pages (SPEC.md section 7). */

/** The value when the list holds it; otherwise a 404 that says which kind of thing is missing. */
const known =
  <T extends string>(list: readonly T[], missing: string) =>
  (value: string): T =>
    (list as readonly string[]).includes(value) ? (value as T) : refuse(404, missing);

const sectionOf = known(SETTINGS_SECTIONS, NO_SUCH_SECTION);
const roleOf = known(STAFF_ROLES, NO_SUCH_ROLE);
const focusKeyOf = known(FOCUS_KEYS, NO_SUCH_FOCUS);

async function settingsOut(services: Services, section: SettingsSection) {
  return ok({ section, ...(await services.siteContent.settings(section)) });
}

async function staffOut(services: Services, role: StaffRole) {
  return ok((await services.siteContent.staff()).find((r) => r.role === role));
}

const operation = operationsTagged("Site content");

export const siteOperations: Operation[] = [
  operation("getSettings", "GET /api/settings/{section}", "public", {
    summary: "A settings section's fields",
    responses: { 200: { description: "The section", schema: s.settingsRecord } },
    errors: [404],
    async handle({ services, params }) {
      return settingsOut(services, sectionOf(params.section));
    },
  }),
  operation("saveSettings", "PUT /api/settings/{section}", "admin", {
    summary: "Save a settings section (every field)",
    description:
      "`vcImage` and `directorImage` (the earlier client's spelling) are taken as `vcimage` and `directorimage`.",
    body: { param: "section", variants: s.settingsBodies },
    bodyAliases: { vcImage: "vcimage", directorImage: "directorimage" },
    responses: { 200: { description: "The saved section", schema: s.settingsRecord } },
    errors: [404],
    async handle({ services, params, body, user }) {
      const section = sectionOf(params.section);
      const { section: _ignored, _id, id, createdAt, updatedAt, __v, ...fields } = body as Record<string, string>;
      void [_ignored, _id, id, createdAt, updatedAt, __v];
      await services.siteContent.saveSettings(section, fields, user?.id);
      return settingsOut(services, section);
    },
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
    responses: { 200: { description: "The record", schema: s.staffRecord } },
    errors: [404],
    async handle({ services, params }) {
      return staffOut(services, roleOf(params.role));
    },
  }),
  operation("saveStaff", "PUT /api/staff/{role}", "admin", {
    summary: "Save a staff record (every field)",
    body: s.staffBody,
    responses: { 200: { description: "The saved record", schema: s.staffRecord } },
    errors: [404],
    async handle({ services, params, body, user }) {
      const role = roleOf(params.role);
      const { name, post, email, description, photo } = body;
      await services.siteContent.saveStaff(role, { name, post, email, description, photo }, user?.id);
      return staffOut(services, role);
    },
  }),
  operation("getAnnouncement", "GET /api/announce", "public", {
    summary: "The announcement",
    responses: { 200: { description: "Title and content", schema: s.announcementRecord } },
    async handle({ services }) {
      return ok(await services.siteContent.announcement());
    },
  }),
  operation("saveAnnouncement", "PUT /api/announce", "admin", {
    summary: "Save the announcement",
    body: s.announcementBody,
    responses: { 200: { description: "Saved", schema: s.savedAnnouncementResponse } },
    async handle({ services, body, user }) {
      await services.siteContent.saveAnnouncement({ title: body.title, content: body.content }, user?.id);
      return ok({
        success: true,
        message: ANNOUNCEMENT_UPDATED,
        ...(await services.siteContent.announcement()),
      });
    },
  }),
  operation("getFocus", "GET /api/focus/{key}", "public", {
    summary: "A focus page's words (homePage, submitPage, aboutPage, focusPage)",
    responses: { 200: { description: "The focus record", schema: s.focusRecord } },
    errors: [404],
    async handle({ services, params }) {
      return ok(await services.siteContent.focus(focusKeyOf(params.key)));
    },
  }),
  operation("saveFocus", "POST /api/focus", "admin", {
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

import { describe, expect, it } from "vitest";

import { actionGroupLabel, activitySentence, type EntryFacts, namesWanted } from "./activity-sentence";

const entry = (facts: Partial<EntryFacts>): EntryFacts => ({
  action: "posts.create-post",
  actorId: "u1",
  actorName: "chief_editor",
  targetKind: null,
  targetId: null,
  targetLabel: null,
  outcome: "ok",
  details: null,
  ...facts,
});

describe("the activity log's sentences", () => {
  /** Each sentence, by the entry it is said of. */
  const SENTENCES: Record<string, Partial<EntryFacts>> = {
    "chief_editor published the post 'Fees for 2026'.": {
      action: "posts.create-post",
      targetKind: "post",
      targetLabel: "Fees for 2026",
      details: { fields: { status: "published" } },
    },
    // An entry written from a page's data request.
    "chief_editor saved the article 'Borders' as a draft.": {
      action: "journal.datas.create-journal.data",
      targetKind: "journal",
      targetLabel: "Borders",
      details: { fields: { status: "draft" } },
    },
    "chief_editor scheduled the post 'Exams'.": {
      action: "posts.update-post",
      targetKind: "post",
      targetLabel: "Exams",
      details: { fields: { status: "scheduled" } },
    },
    // A settings section, by its name and place.
    "chief_editor changed the site settings section 'How to submit, step 1 (Home page)'.": {
      action: "about.save-settings",
      targetKind: "settings",
      targetLabel: "howtoapplyone",
    },
    "chief_editor changed the journal settings.": {
      action: "journal.save-settings",
      targetKind: "journal",
    },
    // Through the JSON API.
    "chief_editor created the faculty 'Faculty of Law'.": {
      action: "academics.createFaculty",
      targetKind: "academics",
      targetLabel: "Faculty of Law",
    },
    // Named by its title.
    "chief_editor deleted the post 'Old notice'.": {
      action: "posts.delete-post",
      targetKind: "post",
      targetId: "p1",
    },
    // Named by its username.
    "chief_editor gave admin rights to the account 'ngozi'.": {
      action: "users.set-admin",
      targetKind: "user",
      targetId: "u2",
      details: { fields: { userId: "u2", admin: "true" } },
    },
    "chief_editor changed the roles of the account 'ngozi'.": {
      action: "users.set-roles",
      targetKind: "user",
      targetId: "u2",
    },
    "chief_editor invited ama@example.edu.": {
      action: "users.invite",
      targetKind: "user",
      targetLabel: "ama@example.edu",
    },
    "chief_editor tried to withdraw an invitation.": {
      action: "users.revoke-invitation",
      targetKind: "invitation",
      targetId: "i1",
      outcome: "refused",
    },
    "chief_editor moved 2 posts to the trash.": {
      action: "posts.bulk-posts",
      targetKind: "post",
      targetId: "a,b",
      details: { fields: { ids: ["a", "b"], bulkAction: "trash" } },
    },
    "chief_editor tried to delete the post 'Kept'.": {
      action: "posts.delete-post",
      targetKind: "post",
      targetLabel: "Kept",
      outcome: "refused",
    },
    "A sign-in as 'ngozi@example.edu' failed.": {
      action: "sign-in.failed",
      actorId: null,
      actorName: "ngozi@example.edu",
      outcome: "refused",
    },
    // An actor known by id only.
    "ngozi deleted the file 'harbour.png'.": {
      action: "media.delete-file",
      actorName: null,
      actorId: "u2",
      targetKind: "file",
      targetLabel: "harbour.png",
    },
  };

  it.each(Object.entries(SENTENCES))("says %s", (sentence, facts) => {
    expect(activitySentence(entry(facts), { "post:p1": "Old notice", "user:u2": "ngozi" })).toBe(sentence);
  });

  it("never shows a bare id: an unnamed record is 'a post', an unknown account 'Someone'", () => {
    const said = activitySentence(
      entry({
        action: "users.delete-user",
        actorName: null,
        actorId: "InOCowHRIs43xyz",
        targetKind: "user",
        targetId: "Zx9",
      }),
    );
    expect(said).toBe("Someone deleted an account.");
  });

  it("asks for the names of what entries give by id only", () => {
    const wanted = namesWanted([
      entry({ actorName: null, actorId: "u3", targetKind: "post", targetId: "p1" }),
      entry({ targetKind: "journal", targetId: "j1", targetLabel: "Named already" }),
      entry({ targetKind: "user", targetId: "u4" }),
    ]);
    expect(wanted).toEqual({ user: ["u3", "u4"], post: ["p1"], journal: [] });
  });

  it("names the filter's groups in words", () => {
    expect(actionGroupLabel("journals")).toBe("Articles");
    expect(actionGroupLabel("posts.delete-post")).toBe("Posts: delete post");
  });
});

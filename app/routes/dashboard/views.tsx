import type { ComponentType } from "react";

import { SettingsTab } from "./+tabs/about/SettingsTab";
import { AnnouncementTab } from "./+tabs/announce/AnnouncementTab";
import { CourseTab } from "./+tabs/course/CourseTab";
import { FocusTab } from "./+tabs/focus/FocusTab";
import { JournalsTab } from "./+tabs/journals/JournalsTab";
import { PostsTab } from "./+tabs/posts/PostsTab";
import { ProfileTab } from "./+tabs/profile/ProfileTab";
import { StaffTab } from "./+tabs/staff/StaffTab";
import { UsersTab } from "./+tabs/users/UsersTab";
import type { DashboardTab } from "./registry";
import type { TabData } from "./registry.server";
import type { ActionResult, TabProps } from "./tab";

/** Each tab's component, by `?tab=` id; each gets the data its server module's `load` returned. */
export const TAB_VIEWS: { [Tab in DashboardTab]: ComponentType<TabProps<TabData<Tab>>> } = {
  profile: ProfileTab,
  posts: PostsTab,
  users: UsersTab,
  course: CourseTab,
  about: SettingsTab,
  staff: StaffTab,
  announce: AnnouncementTab,
  focus: FocusTab,
  journals: JournalsTab,
};

/** What a profile save that signed this browser in again shows once the page is loaded anew. */
export const PROFILE_SAVED: ActionResult = {
  intent: "update-profile",
  ok: true,
  message: "Profile Updated Successfully",
}; // SPEC.md

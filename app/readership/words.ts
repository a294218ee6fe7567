/** The names of the Analytics tab's lines over time: the server lays them out, the screen colours them. */
export const VIEWS_SERIES = "Page views";
export const DOWNLOADS_SERIES = "Downloads";

// The dashboard's tabs now live with the dashboard route; the accessibility test still reads them here.
export { DASHBOARD_TABS, type DashboardTab, dashboardTab, isAdminTab } from "~/routes/dashboard/registry";

// Moved to ~/lib/forms/accounts; this keeps the server modules that still import the old path working.
export * from "~/lib/forms/accounts";

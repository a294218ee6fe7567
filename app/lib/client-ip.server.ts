/**
 * The request header the server writes the client's address into (server/pipeline/client-ip.server.ts)
 * and everything below it reads. Kept in this low module so that the activity log and the auth setup,
 * which both read it, do not import each other for it.
 */
export const CLIENT_IP_HEADER = "x-client-ip";

export function judgeAudit(output: string): { verdict: "pass" | "fail" | "unavailable"; message: string };

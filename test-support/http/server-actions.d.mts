export function serverActionId(filename: string, exportedName: string): string;
export function callServerAction(
  baseUrl: string,
  options: { page: string; filename: string; exportedName: string; args?: unknown[]; cookie?: string; origin?: string | null },
): Promise<Response>;
export function paySandboxCheckout(baseUrl: string, checkoutUrl: string): Promise<Response>;

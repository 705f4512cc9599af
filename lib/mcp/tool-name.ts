/** MCP tool names are snake_case: `listServiceFaqs` → `list_service_faqs`. */
export function toolNameOf(operationId: string): string {
  return operationId.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

import { answerMcpRequest, refuseMcpMethod } from '@/lib/mcp/mcp-endpoint';

// The Model Context Protocol over Streamable HTTP (lib/mcp): one tool per /v1 operation.
export { answerMcpRequest as POST, refuseMcpMethod as GET, refuseMcpMethod as DELETE, refuseMcpMethod as PUT, refuseMcpMethod as PATCH };

import fs from 'node:fs/promises';
import path from 'node:path';
import solc from 'solc';

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
}

/** Compiles one Solidity file with solc-js (the compiler ships inside the npm package). */
export async function compileContract(file: string, contract: string): Promise<string> {
  const name = path.basename(file);
  const input = {
    language: 'Solidity',
    sources: { [name]: { content: await fs.readFile(file, 'utf8') } },
    settings: {
      // Pinned so a newer solc default cannot emit opcodes the local chain's hardfork lacks.
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const bytecode = output.contracts?.[name]?.[contract]?.evm.bytecode.object;
  if (!bytecode) throw new Error(`${contract} not found in ${name}`);
  return `0x${bytecode}`;
}

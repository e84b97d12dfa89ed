import type { ExecutionContext, TestFn } from 'ava';
import type { Persistence } from '../../../application/ports/persistence.ts';

export type ContractContext = { store: Persistence };
export type ContractTest = TestFn<ContractContext>;
export type Contract = (test: ContractTest) => void;
export type T = ExecutionContext<ContractContext>;

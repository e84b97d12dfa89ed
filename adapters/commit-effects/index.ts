export { CommitEffects } from './commit-effects.ts';

/** Current default models (SDK model lists of @anthropic-ai/sdk 1.12 and openai 7.57). */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';
export const DEFAULT_OPENAI_MODEL = 'gpt-5.5';

/** What the engine switch shows: which model each position uses and whether it has a key. */
export interface EngineInfo {
  anthropic: { model: string; label: string; configured: boolean };
  openai: { model: string; label: string; configured: boolean };
}

/** A readable model name: "claude-sonnet-5-5" -> "Claude Sonnet 5.5", "gpt-5.5" -> "GPT-5.5". */
export function modelLabel(model: string): string {
  const claude = /^claude-([a-z]+)-(\d+)(?:-(\d))?(?:-\d{8})?$/.exec(model);
  if (claude) {
    const [, family = '', major = '', minor] = claude;
    return `Claude ${family.charAt(0).toUpperCase()}${family.slice(1)} ${major}${minor ? `.${minor}` : ''}`;
  }
  if (/^gpt-/i.test(model)) return `GPT-${model.slice(4)}`;
  return model;
}

/** The engine information for the configured models and keys. */
export function engineInfo(config: {
  anthropicModel?: string | undefined;
  openaiModel?: string | undefined;
  anthropicKey: boolean;
  openaiKey: boolean;
}): EngineInfo {
  const anthropicModel = config.anthropicModel ?? DEFAULT_ANTHROPIC_MODEL;
  const openaiModel = config.openaiModel ?? DEFAULT_OPENAI_MODEL;
  return {
    anthropic: { model: anthropicModel, label: modelLabel(anthropicModel), configured: config.anthropicKey },
    openai: { model: openaiModel, label: modelLabel(openaiModel), configured: config.openaiKey },
  };
}

import type { SecretHit, SecretKind } from "../../../core";

const KIND_LABELS: Record<SecretKind, string> = {
	"private-key": "Private key",
	"anthropic-key": "Anthropic API key",
	"openai-key": "OpenAI API key",
	"aws-access-key": "AWS access key",
	"aws-secret-key": "AWS secret key",
	"github-token": "GitHub token",
	"gitlab-token": "GitLab token",
	"slack-token": "Slack token",
	"slack-webhook": "Slack webhook",
	"google-api-key": "Google API key",
	"stripe-key": "Stripe key",
	"huggingface-token": "Hugging Face token",
	"npm-token": "npm token",
	"pypi-token": "PyPI token",
	"sendgrid-key": "SendGrid key",
	"twilio-key": "Twilio key",
	"azure-key": "Azure key",
	jwt: "JSON Web Token",
	"bearer-token": "Authorization header",
	"url-password": "Password in a URL",
	"assigned-secret": "Secret assignment",
	email: "E-mail address",
};

/** Rows drawn at most; the count says how many more there are. */
const SHOWN = 100;

interface Props {
	hits: readonly SecretHit[];
	redact: boolean;
	onRedact(redact: boolean): void;
	/** What the redaction applies to: "shared copy", "exported file". */
	target: string;
	/** False when nothing leaves the browser with the link (a `?url=` link): the hits are a warning. */
	redactable?: boolean;
}

/** Likely secrets in what is about to be shared or exported, and whether to redact them. */
export function SecretsReview({ hits, redact, onRedact, target, redactable = true }: Props) {
	if (hits.length === 0) {
		return (
			<p className="secrets secrets--none" data-testid="secrets-none">
				No likely secrets found (API keys, tokens, private keys, passwords, e-mail addresses).
			</p>
		);
	}
	return (
		<section className="secrets" data-testid="secrets" data-count={hits.length}>
			<p className="secrets__summary">
				<strong>
					{hits.length} likely secret{hits.length === 1 ? "" : "s"}
				</strong>{" "}
				found. Check them before anything leaves this browser.
			</p>
			<ul className="secrets__list">
				{hits.slice(0, SHOWN).map((hit) => (
					<li
						key={`${hit.line}:${hit.start}`}
						className="secrets__hit"
						data-testid="secret-hit"
						data-kind={hit.kind}
						data-line={hit.line}
					>
						<span className="secrets__kind">{KIND_LABELS[hit.kind]}</span>
						<span className="muted">line {hit.line}</span>
						<code className="secrets__preview">{hit.preview}</code>
					</li>
				))}
			</ul>
			{hits.length > SHOWN && <p className="muted small">…and {hits.length - SHOWN} more.</p>}
			{redactable ? (
				<label className="secrets__redact">
					<input
						type="checkbox"
						data-testid="redact-secrets"
						checked={redact}
						onChange={(e) => onRedact(e.currentTarget.checked)}
					/>{" "}
					Replace them by <code>[REDACTED:kind]</code> in the {target} (the session stored in this browser stays as it
					is)
				</label>
			) : null}
		</section>
	);
}

import type { LabChoice } from "../../../core";
import type { LabForm } from "./useLabForm";

function ChoiceSelect(props: {
	label: string;
	testId: string;
	value: string;
	choices: readonly LabChoice[];
	onChange(id: string): void;
	none?: string;
}) {
	return (
		<label className="lab-field">
			<span className="lab-field__label">{props.label}</span>
			<select data-testid={props.testId} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
				{props.none !== undefined && <option value="">{props.none}</option>}
				{props.choices.map((c) => (
					<option key={c.id} value={c.id}>
						{c.id} · {c.kind} · {c.preview}
					</option>
				))}
			</select>
		</label>
	);
}

function TextField(props: { label: string; testId: string; value: string; onChange(text: string): void }) {
	return (
		<label className="lab-field lab-field--text">
			<span className="lab-field__label">{props.label}</span>
			<textarea
				data-testid={props.testId}
				rows={2}
				value={props.value}
				onChange={(e) => props.onChange(e.currentTarget.value)}
			/>
		</label>
	);
}

/** The fields of the chosen kind of addition. */
export function LabFields({ form }: { form: LabForm }) {
	const { values: v, choices, set } = form;
	switch (v.kind) {
		case "legacy":
		case "tail":
			return (
				<>
					<ChoiceSelect
						label={v.kind === "legacy" ? "Keep from (firstKeptEntryId)" : "Copy the tail from"}
						testId="lab-kept"
						value={v.kept}
						choices={choices.path}
						onChange={set.kept}
						none={v.kind === "legacy" ? "nothing: keep no entries" : "nothing: an empty tail"}
					/>
					<TextField label="Summary" testId="lab-summary" value={v.summary} onChange={set.summary} />
				</>
			);
		case "branch-summary":
			return (
				<>
					<ChoiceSelect
						label="Summarizes the branch ending at"
						testId="lab-from"
						value={v.from}
						choices={choices.from}
						onChange={set.from}
					/>
					<TextField label="Summary" testId="lab-summary" value={v.summary} onChange={set.summary} />
				</>
			);
		case "context-edit":
			return (
				<>
					<ChoiceSelect
						label="Edit"
						testId="lab-target"
						value={v.target}
						choices={choices.targets}
						onChange={set.target}
					/>
					<label className="lab-field lab-field--check">
						<input
							type="checkbox"
							data-testid="lab-omit"
							checked={v.omit}
							onChange={(e) => set.omit(e.currentTarget.checked)}
						/>
						omit it
					</label>
					{!v.omit && (
						<TextField
							label="Replace its content with"
							testId="lab-replacement"
							value={v.replacement}
							onChange={set.replacement}
						/>
					)}
				</>
			);
		case "user":
		case "assistant":
			return <TextField label="Text" testId="lab-text" value={v.text} onChange={set.text} />;
	}
}

/** Every keyboard shortcut of the page, by where it works (the `?` overlay lists them). */
export const SHORTCUTS: { area: string; keys: { keys: string[]; what: string }[] }[] = [
	{
		area: "Anywhere",
		keys: [
			{ keys: ["?"], what: "Show this list of shortcuts" },
			{ keys: ["/"], what: "Find in the open session" },
			{ keys: ["Tab"], what: "Move between controls (the focused one is outlined)" },
			{ keys: ["Esc"], what: "Close a dialog or leave the explainer" },
		],
	},
	{
		area: "Graph (once focused)",
		keys: [
			{ keys: ["↑"], what: "Parent node" },
			{ keys: ["↓"], what: "First child node" },
			{ keys: ["←", "→"], what: "Sibling nodes" },
			{ keys: ["Home"], what: "Root" },
			{ keys: ["End"], what: "The file's current leaf" },
			{ keys: ["Enter"], what: "Select the node, or expand / fold a run" },
		],
	},
	{
		area: "Branch tips",
		keys: [{ keys: ["↑", "↓"], what: "Select the previous / next tip" }],
	},
	{
		area: "Explainer",
		keys: [
			{ keys: ["]", "."], what: "Next step" },
			{ keys: ["[", ","], what: "Previous step" },
		],
	},
	{
		area: "Panel edges",
		keys: [
			{ keys: ["←", "→"], what: "Resize the side panel" },
			{ keys: ["Home", "End"], what: "Smallest / largest width" },
		],
	},
];
